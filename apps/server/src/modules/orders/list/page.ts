import { type Locale, PAGE_SIZES } from '@wop/shared/constants';
import type { ORDER_SORTS } from '@wop/shared/orders';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { queryPrepared } from '../../../db/prepared.ts';
import { detailSelect, type OrderRow } from '../orders.repository.ts';
import { filtered, type OrderListFilter, whereOf } from './filter.ts';
import { totalOf } from './total.ts';

export type OrderSort = (typeof ORDER_SORTS)[number];

/** Sort expressions inside the page query (on `orders`) and when joining the page (on `o`, `s`, `os`). */
const SORTS: Record<OrderSort, { inner: SQL; outer: SQL; nullable?: boolean }> = {
  project_number: { inner: sql`orders.project_number`, outer: sql`o.project_number` },
  id: { inner: sql`orders.id`, outer: sql`o.id` },
  created_at: { inner: sql`orders.created_at`, outer: sql`o.created_at` },
  updated_at: { inner: sql`orders.updated_at`, outer: sql`o.updated_at` },
  due_at: { inner: sql`orders.due_at`, outer: sql`o.due_at` },
  priority: { inner: sql`orders.priority`, outer: sql`o.priority` },
  status: {
    inner: sql`(select slug from order_statuses where order_statuses.id = orders.status_id)`,
    outer: sql`os.slug`,
  },
  approval_status: { inner: sql`orders.approval_status`, outer: sql`o.approval_status` },
  planned_at: { inner: sql`orders.planned_at`, outer: sql`o.planned_at`, nullable: true },
  completed_at: { inner: sql`orders.completed_at`, outer: sql`o.completed_at`, nullable: true },
  store_name: {
    inner: sql`(select store_name from stores where stores.id = orders.store_id)`,
    outer: sql`s.store_name`,
  },
};

function orderBy(sort: OrderSort, direction: 'asc' | 'desc', side: 'inner' | 'outer') {
  const spec = SORTS[sort];
  const dir = direction === 'asc' ? sql`asc` : sql`desc`;
  const nulls = spec.nullable ? sql` nulls last` : sql``;
  const id = side === 'inner' ? sql`orders.id` : sql`o.id`;
  // project_number is unique: no tie-breaker, so the (scope, project_number) indexes serve the default sort.
  return sort === 'project_number' || sort === 'id'
    ? sql`${spec[side]} ${dir}`
    : sql`${spec[side]} ${dir}${nulls}, ${id} ${dir}`;
}

/**
 * How many matches a search may have for its page to be read from the matches, found through the
 * indexes and sorted, rather than by walking a list index in the page's order until a page of them
 * turns up: with matches spread evenly, the walk reads 25 orders in (scope / matches) and the
 * matches are read once each, so the walk only wins past a few thousand matches in a million.
 */
const FEW_MATCHES = 1000;

export async function listOrders(
  db: Db,
  filter: OrderListFilter,
  page: { page: number; limit: number; sort_by: OrderSort; sort_order: 'asc' | 'desc' },
  userId: number,
  locale: Locale,
) {
  const where = whereOf(filter);
  const whereSql = where ? sql`where ${where}` : sql``;
  const sorted = orderBy(page.sort_by, page.sort_order, 'outer');
  // The page's keys come from the list indexes alone: the key is the project number (unique, and in
  // every list index), so even a deep page in the default sort is an index-only scan. When the
  // search matches few orders, the matches are found through the indexes first (the subquery is
  // fenced by `offset 0`) and only they are sorted: walking a list index in the page's order until
  // 25 matches turn up would read the whole scope.
  const keysOf = (limit: SQL, offset: SQL, fewMatches: boolean) => {
    const source = fewMatches ? sql`(select * from orders ${whereSql} offset 0) orders` : sql`orders ${whereSql}`;
    return sql`select orders.project_number from ${source}
      order by ${orderBy(page.sort_by, page.sort_order, 'inner')} limit ${limit}${offset}`;
  };
  const pageRows = async (fewMatches: boolean) => {
    // The list as it opens (first page, by project number, no filter or search) in a scope of one
    // chain, region, store or technician, or of everything: one statement, keys and display columns,
    // which PostgreSQL plans once per connection, as one backward scan of the scope's project-number
    // index (whatever its value) with the display columns of its first rows. The page size is written
    // into the text and there is no offset: as parameters, the planner would guess a tenth of the
    // scope for them and plan the statement again on every call. Only the sizes the app offers are
    // written in (each is a statement of its own); any other takes the path below.
    if (
      page.page === 1 &&
      page.sort_by === 'project_number' &&
      filter.singleScope &&
      !filtered(filter) &&
      (PAGE_SIZES as readonly number[]).includes(page.limit)
    ) {
      const keys = keysOf(sql.raw(String(page.limit)), sql``, false);
      return queryPrepared<OrderRow>(
        db,
        sql`${detailSelect(sql`(${keys}) page join orders o on o.project_number = page.project_number`, userId, locale, filter.timezone)}
          order by ${sorted}`,
      );
    }
    // Otherwise the planner is left to plan the keys for the values at hand on every call (how rare
    // a status is, how many orders a text matches, how deep the page is): cheap for the keys alone,
    // ~0.5 ms more with the display columns, and with one plan for all values a rare one could read
    // the whole scope. So the keys come first, then their display columns in a statement of its own,
    // the keys as one array value behind a sub-select: its plan cannot depend on how many keys there
    // are (given as a plain value, a page of one key, a project number found, got a plan of its own
    // on every call). An empty page reads nothing more.
    const keys = await queryPrepared<{ project_number: number }>(
      db,
      keysOf(sql`${page.limit}`, sql` offset ${(page.page - 1) * page.limit}`, fewMatches),
    );
    if (keys.length === 0) return [];
    const numbers = sql.param(keys.map((k) => k.project_number));
    return queryPrepared<OrderRow>(
      db,
      sql`${detailSelect(sql`(select * from orders where project_number = any((select ${numbers}::int[])::int[])) o`, userId, locale, filter.timezone)}
        order by ${sorted}`,
    );
  };
  const count = async () => (await queryPrepared<{ total: number }>(db, totalOf(filter)))[0].total;
  const digits = Boolean(filter.q && /^\d+$/.test(filter.q));
  // The admins' search is counted first, and the page read by what the total says: the planner cannot
  // tell how many orders hold a text, and guessed thousands for a word in none of a million orders,
  // walking them all (0.5 s). Their totals read the description words or the trigram index. (In a
  // chain, region or technician scope the list index leads with the scope, and so does the trigram
  // index the page can be read from: there the planner weighs the two.)
  if (filter.q && !filter.scope && !digits) {
    const total = await count();
    return { rows: await pageRows(total <= FEW_MATCHES), total };
  }
  // Otherwise the page and the total are sent at once. Digits are most often a project number: their
  // page is always read from the matches.
  const [rows, total] = await Promise.all([pageRows(digits), count()]);
  return { rows, total };
}
