import type { Locale } from '@wop/shared/constants';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { oncallLines, phoneInSettings } from '../../db/schema/index.ts';

export interface OncallLineRow extends Record<string, unknown> {
  id: number;
  city: string;
  work_type_id: number | null;
  work_type_slug: string | null;
  work_type_title: string | null;
  partner: string;
  phone: string;
  created_at: Date | string;
}

export interface OncallLineValues {
  city: string;
  workTypeId: number | null;
  partner: string;
  phone: string;
}

/** A line with its work type's title in a language (falling back to the English one). */
const select = (locale: Locale) => sql`
  select l.id, l.city, l.work_type_id, w.slug as work_type_slug,
    coalesce((select t.title from work_type_translations t where t.work_type_id = w.id and t.locale = ${locale}
      and t.title <> ''), w.title) as work_type_title,
    l.partner, l.phone, l.created_at
  from oncall_lines l left join work_types w on w.id = l.work_type_id`;

/** Every line, by city, the city's general line first, then by work type. */
export async function listLines(db: DbOrTx, locale: Locale) {
  const { rows } = await db.execute<OncallLineRow>(
    sql`${select(locale)} order by lower(l.city), l.city, l.work_type_id nulls first, l.id`,
  );
  return rows;
}

export async function findLine(db: DbOrTx, id: number, locale: Locale) {
  const { rows } = await db.execute<OncallLineRow>(sql`${select(locale)} where l.id = ${id}`);
  return rows[0];
}

/** The id of another line of the same city (any case) and work type, if there is one. */
export async function findDuplicate(db: DbOrTx, values: OncallLineValues, exceptId = 0) {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from oncall_lines where lower(city) = lower(${values.city})
      and coalesce(work_type_id, 0) = ${values.workTypeId ?? 0} and id <> ${exceptId}`);
  return rows[0]?.id;
}

export async function workTypeExists(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number }>(sql`select id from work_types where id = ${id}`);
  return rows.length > 0;
}

export async function insertLine(db: DbOrTx, values: OncallLineValues) {
  const [row] = await db.insert(oncallLines).values(values).returning({ id: oncallLines.id });
  return row.id;
}

export async function updateLine(db: DbOrTx, id: number, values: OncallLineValues) {
  await db.update(oncallLines).set(values).where(eq(oncallLines.id, id));
}

export async function deleteLine(db: DbOrTx, id: number) {
  await db.delete(oncallLines).where(eq(oncallLines.id, id));
}

/** The service desk's number (migration 0007 writes the row). */
export async function serviceDeskPhone(db: DbOrTx) {
  const [row] = await db.select({ phone: phoneInSettings.serviceDeskPhone }).from(phoneInSettings);
  return row?.phone ?? '';
}

export async function setServiceDeskPhone(db: DbOrTx, phone: string) {
  await db
    .insert(phoneInSettings)
    .values({ id: 1, serviceDeskPhone: phone })
    .onConflictDoUpdate({ target: phoneInSettings.id, set: { serviceDeskPhone: phone } });
}

/**
 * The on-call line for a store's city (any case) and a work type: the work type's own line, else the
 * city's line for every trade; undefined when the store has no city or the city no line.
 */
export async function lineForStore(db: DbOrTx, storeId: number, workTypeId: number) {
  const { rows } = await db.execute<{ city: string; partner: string; phone: string }>(sql`
    select l.city, l.partner, l.phone
    from stores s join oncall_lines l on lower(l.city) = lower(s.city)
    where s.id = ${storeId} and (l.work_type_id = ${workTypeId} or l.work_type_id is null)
    order by l.work_type_id nulls last
    limit 1`);
  return rows[0];
}
