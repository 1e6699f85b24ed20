import type { Locale } from '@wop/shared/constants';
import type { ListParams } from '@wop/shared/query';
import { slugify } from '@wop/shared/slug';
import { v } from '@wop/shared/validation';
import type { WorkType, WorkTypeBody } from '@wop/shared/worktypes';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import * as repo from './worktypes.repository.ts';

const view = (row: repo.WorkTypeRow): WorkType => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  translations: row.translations,
});

/** The English title is the work type's own title; sv and fi are translations (empty ones dropped). */
function translationsOf(body: WorkTypeBody) {
  const others = (body.translations ?? []).filter((t) => t.locale !== 'en' && t.title.trim() !== '');
  return [{ locale: 'en' as Locale, title: body.title }, ...others];
}

export function createWorkTypesService(db: Db) {
  async function get(id: number, locale: Locale) {
    const row = await repo.findWorkType(db, id, locale);
    if (!row) throw new NotFoundError('worktypes.not_found');
    return row;
  }

  async function slugFor(title: string, exceptId?: number) {
    const slug = slugify(title);
    if (!slug) throw ValidationError.field('title', v('invalid'));
    const existing = await repo.findWorkTypeIdBySlug(db, slug);
    if (existing !== undefined && existing !== exceptId) throw ValidationError.field('title', v('unique'));
    return slug;
  }

  return {
    async list(params: ListParams & { all?: boolean }, locale: Locale) {
      const effective = params.all ? { ...params, page: 1, limit: 1000 } : params;
      const { rows, total } = await repo.listWorkTypes(db, effective, locale);
      return pageOf(rows.map(view), total, effective);
    },
    get: async (id: number, locale: Locale) => view(await get(id, locale)),
    async create(body: WorkTypeBody, locale: Locale) {
      const slug = await slugFor(body.title);
      const id = await db.transaction(async (tx) => {
        const newId = await repo.insertWorkType(tx, { slug, title: body.title });
        await repo.replaceTranslations(tx, newId, translationsOf(body));
        return newId;
      });
      return view(await get(id, locale));
    },
    async update(id: number, body: WorkTypeBody, locale: Locale) {
      await get(id, locale);
      const slug = await slugFor(body.title, id);
      await db.transaction(async (tx) => {
        await repo.updateWorkType(tx, id, { slug, title: body.title });
        await repo.replaceTranslations(tx, id, translationsOf(body));
      });
      return view(await get(id, locale));
    },
    async remove(id: number, locale: Locale) {
      await get(id, locale);
      const used = await repo.countOrdersWithWorkType(db, id);
      if (used > 0) throw new ConflictError('worktypes.in_use', { count: used });
      const assets = await repo.countAssetsWithWorkType(db, id);
      if (assets > 0) throw new ConflictError('worktypes.in_use_by_assets', { count: assets });
      await repo.deleteWorkType(db, id);
    },
  };
}
