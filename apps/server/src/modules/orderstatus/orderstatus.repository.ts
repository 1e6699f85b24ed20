import type { ListParams } from '@wop/shared/query';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderStatuses } from '../../db/schema/index.ts';
import { searchIn } from '../../lib/http.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';

const sortColumns = {
  id: orderStatuses.id,
  title: orderStatuses.title,
  slug: orderStatuses.slug,
  created_at: orderStatuses.createdAt,
};
const columns = {
  id: orderStatuses.id,
  title: orderStatuses.title,
  slug: orderStatuses.slug,
  builtin: orderStatuses.builtin,
};
export type OrderStatusRow = { id: number; title: string; slug: string; builtin: boolean };

export async function listOrderStatuses(db: DbOrTx, params: ListParams) {
  const where = searchIn([orderStatuses.title, orderStatuses.slug], params.q);
  const page = pageWindow(params, sortColumns, orderStatuses.id, asc(orderStatuses.id));
  return pageAndTotal(
    db.select(columns).from(orderStatuses).$dynamic(),
    db.select({ total: count() }).from(orderStatuses).$dynamic(),
    where,
    page,
  );
}

export async function findOrderStatus(db: DbOrTx, id: number): Promise<OrderStatusRow | undefined> {
  const [row] = await db.select(columns).from(orderStatuses).where(eq(orderStatuses.id, id));
  return row;
}

export async function findOrderStatusBySlug(db: DbOrTx, slug: string): Promise<OrderStatusRow | undefined> {
  const [row] = await db.select(columns).from(orderStatuses).where(eq(orderStatuses.slug, slug));
  return row;
}

export async function insertOrderStatus(db: DbOrTx, values: { title: string; slug: string }) {
  const [row] = await db.insert(orderStatuses).values(values).returning(columns);
  return row;
}

export async function updateOrderStatus(db: DbOrTx, id: number, values: { title: string; slug: string }) {
  const [row] = await db.update(orderStatuses).set(values).where(eq(orderStatuses.id, id)).returning(columns);
  return row;
}

export async function deleteOrderStatus(db: DbOrTx, id: number) {
  await db.delete(orderStatuses).where(eq(orderStatuses.id, id));
}

export async function countOrdersWithStatus(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from orders where status_id = ${id}`);
  return rows[0].n;
}
