import type { ListParams } from '@wop/shared/query';
import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

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
