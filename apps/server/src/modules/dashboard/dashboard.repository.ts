import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type OrderListFilter, whereOf } from '../orders/list/filter.ts';

export interface DashboardFilter extends OrderListFilter {
  /** Count from order_tallies (orders/list/tallies.ts: it holds the keys of the filter and the counts). */
  tallied: boolean;
}

export interface DashboardNumbers {
  /** Orders per status id (statuses without orders left out). */
  byStatus: { status_id: number; n: number }[];
  awaiting: number;
  overdue: number;
  /** Completed orders without a recall. */
  firstFix: number;
  byStore: { store_id: number; store_name: string; open: number; overdue: number }[];
  weekly: { week: string; created: number; completed: number }[];
  medianHours: number | null;
  statuses: { id: number; slug: string }[];
}

const DONE = sql`(select id from order_statuses where slug = 'completed')`;

/**
 * Everything the dashboard shows over the list's own filter (orders/list/filter.ts whereOf), so each
 * number is the total of a list. The counts come from order counts per (chain, region, store,
 * status, approval status, recalled): the tallies the triggers keep (one row per key, a few thousand
 * for a million orders), or, for filters the tallies cannot answer, the same counts grouped from
 * the matching orders. Overdue is open minus the open orders not yet due (the few at the top of the
 * due_at index); the weeks and the median read their own indexes, whatever the filter.
 *
 * `sideBySide`: the three parts each on a connection of their own (PostgreSQL), rather than one
 * after the other in one transaction (PGlite's one connection, where queueing them costs more).
 */
export async function dashboardNumbers(
  db: Db,
  filter: DashboardFilter,
  sideBySide: boolean,
): Promise<DashboardNumbers> {
  const where = whereOf(filter) ?? sql`true`;
  const parts = [
    (tx: DbOrTx) => countsIn(tx, filter.tallied ? tallied(where) : grouped(where), where),
    (tx: DbOrTx) => weeklyIn(tx, where, filter.timezone),
    (tx: DbOrTx) => medianHoursIn(tx, where, filter.tallied),
  ] as const;
  const [counts, weekly, medianHours] = sideBySide
    ? await Promise.all([withoutJit(db, parts[0]), withoutJit(db, parts[1]), withoutJit(db, parts[2])])
    : await withoutJit(db, async (tx) => [await parts[0](tx), await parts[1](tx), await parts[2](tx)] as const);
  return { ...counts, weekly, medianHours };
}

/** JIT compiling costs more than it saves here (~0.9 s measured on grouping 1M orders). */
const withoutJit = <T>(db: Db, work: (tx: DbOrTx) => Promise<T>) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });

/**
 * Order counts per key from the tallies. whereOf's conditions for the scope and the chain, region
 * and store filters name orders.chain_id, region_id, store_id and technician_id, which the tallies
 * have under the same names: aliased as `orders`, the list's own condition selects the tally rows of
 * its orders.
 */
const tallied = (where: SQL) =>
  sql`select orders.status_id, orders.store_id, orders.approval_status, orders.recalled, orders.n
    from order_tallies orders where ${where}`;

/** The same counts from the matching orders themselves. */
const grouped = (where: SQL) =>
  sql`select orders.status_id, orders.store_id, orders.approval_status,
      orders.recall_order_id is not null as recalled, count(*)::int as n
    from orders where ${where}
    group by orders.status_id, orders.store_id, orders.approval_status, orders.recall_order_id is not null`;

async function countsIn(db: DbOrTx, counts: SQL, where: SQL) {
  const { rows } = await db.execute<{
    by_status: { status_id: number; n: number }[] | null;
    awaiting: number;
    overdue: number;
    first_fix: number;
    by_store: { store_id: number; store_name: string; open: number; overdue: number }[] | null;
    statuses: { id: number; slug: string }[] | null;
  }>(sql`
    with done as materialized (select ${DONE} as id),
    t as materialized (${counts}),
    -- Open orders not yet due, per store: open = overdue + these (due_at is never null).
    not_due as (select orders.store_id, count(*)::int as n from orders, done
      where orders.due_at >= now() and orders.status_id <> done.id and ${where}
      group by orders.store_id),
    open_by_store as (select t.store_id, sum(t.n)::int as open from t, done
      where t.status_id <> done.id group by t.store_id having sum(t.n) > 0),
    by_store as (select o.store_id, o.open, o.open - coalesce(nd.n, 0) as overdue
      from open_by_store o left join not_due nd on nd.store_id = o.store_id)
    select
      (select json_agg(json_build_object('status_id', s.status_id, 'n', s.n))
        from (select t.status_id, sum(t.n)::int as n from t group by t.status_id having sum(t.n) > 0) s) as by_status,
      (select coalesce(sum(t.n), 0)::int from t, done
        where t.status_id <> done.id and t.approval_status = 'pending') as awaiting,
      (select coalesce(sum(t.n), 0)::int from t, done where t.status_id = done.id and not t.recalled) as first_fix,
      (select coalesce(sum(b.overdue), 0)::int from by_store b) as overdue,
      (select json_agg(json_build_object('store_id', x.store_id, 'store_name', x.store_name,
          'open', x.open, 'overdue', x.overdue) order by x.overdue desc, x.open desc, x.store_name, x.store_id)
        from (select b.store_id, s.store_name, b.open, b.overdue from by_store b join stores s on s.id = b.store_id
          order by b.overdue desc, b.open desc, s.store_name, s.id limit 10) x) as by_store,
      (select json_agg(json_build_object('id', id, 'slug', slug) order by id) from order_statuses) as statuses`);
  const [row] = rows;
  return {
    byStatus: row.by_status ?? [],
    awaiting: row.awaiting,
    overdue: row.overdue,
    firstFix: row.first_fix,
    byStore: row.by_store ?? [],
    statuses: row.statuses ?? [],
  };
}

/**
 * The last 12 ISO weeks in `tz`, oldest first: orders created in each, and completed orders whose
 * completed_at falls in it. One range scan of the created_at (completed_at) index from the first
 * week's Monday 00:00 in tz; each order finds its week among the 13 week starts by width_bucket,
 * rather than by a week label computed for every order.
 */
async function weeklyIn(db: DbOrTx, where: SQL, tz: string) {
  const monday = sql`date_trunc('week', now() at time zone ${tz})`;
  const since = sql`((${monday} - interval '11 weeks') at time zone ${tz})`;
  const starts = sql`array(select (${monday} + (i - 11) * interval '1 week') at time zone ${tz}
    from generate_series(0, 12) i order by i)`;
  const { rows } = await db.execute<{ week: string; created: number; completed: number }>(sql`
    with created as (select width_bucket(orders.created_at, ${starts}) as i, count(*)::int as n
      from orders where orders.created_at >= ${since} and ${where} group by 1),
    completed as (select width_bucket(orders.completed_at, ${starts}) as i, count(*)::int as n
      from orders where orders.completed_at >= ${since} and orders.status_id = ${DONE} and ${where} group by 1)
    select to_char(${monday} + (w.i - 12) * interval '1 week', 'IYYY-"W"IW') as week,
      coalesce(c.n, 0) as created, coalesce(d.n, 0) as completed
    from generate_series(1, 12) w(i)
    left join created c on c.i = w.i
    left join completed d on d.i = w.i
    order by w.i`);
  return rows;
}

/**
 * Median hours from creation to completion over the completed orders: percentile_cont(0.5)'s exact
 * answer (the middle value, or the two middle ones interpolated as it does) without sorting them
 * all: count them, then step to the middle of the time-to-complete index. With the tallies, the
 * count is their completed orders minus those without a completion time (index orders_undated_idx).
 */
async function medianHoursIn(db: DbOrTx, where: SQL, fromTallies: boolean) {
  const completed = sql`orders.status_id = ${DONE} and ${where}`;
  const count = fromTallies
    ? sql`(select coalesce(sum(orders.n), 0)::int from order_tallies orders where ${completed})
      - (select count(*)::int from orders where orders.completed_at is null and ${completed})`
    : sql`(select count(*)::int from orders where orders.completed_at is not null and ${completed})`;
  // The walk to the middle reads only the index's own (completed_at - created_at); the seconds are
  // taken of the one or two rows it stops at.
  const { rows } = await db.execute<{ median_hours: number | null }>(sql`
    with c as (select ${count} as n),
    middle as (select extract(epoch from m.d)::float8 as s from (select orders.completed_at - orders.created_at as d
      from orders where orders.completed_at is not null and ${completed}
      order by orders.completed_at - orders.created_at
      offset (select (c.n - 1) / 2 from c) limit (select 2 - c.n % 2 from c)) m)
    select (min(s) + 0.5 * (max(s) - min(s))) / 3600 as median_hours from middle`);
  const hours = rows[0]?.median_hours;
  return hours === null || hours === undefined ? null : Number(hours);
}
