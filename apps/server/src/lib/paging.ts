import type { ListParams } from '@wop/shared/query';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';

type Sortable = AnyColumn | SQL;

/**
 * The ORDER BY, LIMIT and OFFSET of one list page, the same for every list: the allow-listed sort
 * column (the route's schema refused any other) or `fallback`, then `tiebreak` so that rows with equal
 * sort values keep one order and never move between pages.
 */
export function pageWindow(
  params: Pick<ListParams, 'page' | 'limit' | 'sort_by' | 'sort_order'>,
  sortColumns: Record<string, Sortable>,
  fallback: Sortable,
  tiebreak: SQL = sql`1`,
) {
  const column = sortColumns[params.sort_by] ?? fallback;
  return {
    orderBy: [params.sort_order === 'asc' ? asc(column) : desc(column), tiebreak],
    limit: params.limit,
    offset: (params.page - 1) * params.limit,
  };
}

/**
 * One page of a list and the list's total, under the same `where`: `rows` selects the rows (with their
 * joins) and takes the page's order, limit and offset; `counted` counts them (`{ total: count() }`).
 */
export async function pageAndTotal<T extends PgSelect, C extends PgSelect & PromiseLike<{ total: number }[]>>(
  rows: T,
  counted: C,
  where: SQL | undefined,
  page: ReturnType<typeof pageWindow>,
) {
  const [data, [{ total }]] = await Promise.all([
    rows
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    counted.where(where),
  ]);
  return { rows: data as Awaited<T>, total };
}
