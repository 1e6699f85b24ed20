import type { Locale } from '@wop/shared/constants';
import type { ListParams } from '@wop/shared/query';
import type { WORK_TYPE_SORTS } from '@wop/shared/worktypes';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { workTypes, workTypeTranslations } from '../../db/schema/index.ts';
import { likePattern } from '../../lib/http.ts';
import { pageWindow } from '../../lib/paging.ts';

export interface WorkTypeRow extends Record<string, unknown> {
  id: number;
  slug: string;
  title: string;
  translations: { locale: Locale; title: string }[];
}

/** The title in a language, falling back to the English one. */
const localTitle = (locale: Locale) =>
  sql`coalesce((select t.title from work_type_translations t where t.work_type_id = w.id and t.locale = ${locale}
    and t.title <> ''), w.title)`;

const select = (locale: Locale) => sql`
  select w.id, w.slug, ${localTitle(locale)} as title,
    coalesce((select json_agg(json_build_object('locale', t.locale, 'title', t.title) order by t.locale)
      from work_type_translations t where t.work_type_id = w.id), '[]') as translations
  from work_types w`;

const SORT_SQL: Record<(typeof WORK_TYPE_SORTS)[number], SQL> = {
  id: sql`w.id`,
  title: sql`3`,
  slug: sql`w.slug`,
  created_at: sql`w.created_at`,
};

export async function listWorkTypes(db: DbOrTx, params: ListParams, locale: Locale) {
  const where = params.q
    ? sql`where w.title ilike ${likePattern(params.q)} or w.slug ilike ${likePattern(params.q)}
        or exists (select 1 from work_type_translations t where t.work_type_id = w.id and t.title ilike ${likePattern(params.q)})`
    : sql``;
  const page = pageWindow(params, SORT_SQL, SORT_SQL.id, sql`w.id asc`);
  const [{ rows }, { rows: counted }] = await Promise.all([
    db.execute<WorkTypeRow>(sql`${select(locale)} ${where} order by ${sql.join(page.orderBy, sql`, `)}
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ total: number }>(sql`select count(*)::int as total from work_types w ${where}`),
  ]);
  return { rows, total: counted[0].total };
}

export async function findWorkType(db: DbOrTx, id: number, locale: Locale) {
  const { rows } = await db.execute<WorkTypeRow>(sql`${select(locale)} where w.id = ${id}`);
  return rows[0];
}

export async function findWorkTypeIdBySlug(db: DbOrTx, slug: string) {
  const { rows } = await db.execute<{ id: number }>(sql`select id from work_types where slug = ${slug}`);
  return rows[0]?.id;
}

export async function insertWorkType(db: DbOrTx, values: { slug: string; title: string }) {
  const [row] = await db.insert(workTypes).values(values).returning({ id: workTypes.id });
  return row.id;
}

export async function updateWorkType(db: DbOrTx, id: number, values: { slug: string; title: string }) {
  await db.update(workTypes).set(values).where(sql`${workTypes.id} = ${id}`);
}

export async function replaceTranslations(db: DbOrTx, id: number, translations: { locale: Locale; title: string }[]) {
  await db.delete(workTypeTranslations).where(sql`${workTypeTranslations.workTypeId} = ${id}`);
  if (translations.length) {
    await db.insert(workTypeTranslations).values(translations.map((t) => ({ workTypeId: id, ...t })));
  }
}

export async function deleteWorkType(db: DbOrTx, id: number) {
  await db.delete(workTypes).where(sql`${workTypes.id} = ${id}`);
}

export async function countAssetsWithWorkType(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from assets where work_type_id = ${id}`,
  );
  return rows[0].n;
}

export async function countOrdersWithWorkType(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from orders where work_type_id = ${id}`,
  );
  return rows[0].n;
}
