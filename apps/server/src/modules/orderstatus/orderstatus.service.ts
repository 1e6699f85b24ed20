import type { Locale } from '@wop/shared/constants';
import type { ListParams } from '@wop/shared/query';
import type { TitleSlugBody } from '@wop/shared/reference';
import { v } from '@wop/shared/validation';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { statusLabel } from './orderstatus.labels.ts';
import * as repo from './orderstatus.repository.ts';

const view = (row: repo.OrderStatusRow, locale: Locale) => ({
  id: row.id,
  title: row.title,
  slug: row.slug,
  builtin: row.builtin,
  label: statusLabel(locale, row.slug, row.title),
});

export function createOrderStatusService(db: Db) {
  async function get(id: number) {
    const row = await repo.findOrderStatus(db, id);
    if (!row) throw new NotFoundError('orderstatus.not_found');
    return row;
  }

  async function assertSlugFree(slug: string, exceptId?: number) {
    const existing = await repo.findOrderStatusBySlug(db, slug);
    // The form shows the title error on the slug field too (spec 5).
    if (existing && existing.id !== exceptId) throw new ValidationError({ title: [v('unique')], slug: [v('unique')] });
  }

  return {
    async list(params: ListParams, locale: Locale) {
      const { rows, total } = await repo.listOrderStatuses(db, params);
      return pageOf(
        rows.map((row) => view(row, locale)),
        total,
        params,
      );
    },
    get: async (id: number, locale: Locale) => view(await get(id), locale),
    async create(body: TitleSlugBody, locale: Locale) {
      await assertSlugFree(body.slug);
      return view(await repo.insertOrderStatus(db, body), locale);
    },
    async update(id: number, body: TitleSlugBody, locale: Locale) {
      const status = await get(id);
      // pending, planned, confirmed, revisit-required and completed drive the order rules: their slugs stay.
      if (status.builtin && body.slug !== status.slug) throw ValidationError.field('slug', 'orderstatus.builtin_slug');
      await assertSlugFree(body.slug, id);
      return view(await repo.updateOrderStatus(db, id, body), locale);
    },
    async remove(id: number) {
      const status = await get(id);
      if (status.builtin) throw new ConflictError('orderstatus.builtin_delete');
      const used = await repo.countOrdersWithStatus(db, id);
      if (used > 0) throw new ConflictError('orderstatus.in_use', { count: used });
      await repo.deleteOrderStatus(db, id);
    },
  };
}
