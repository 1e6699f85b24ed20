import type { Locale } from '@wop/shared/constants';
import type { Dashboard } from '@wop/shared/dashboard';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

const total = sql`(oc.labour_minor + oc.callout_minor + oc.material_minor + oc.other_minor)`;

/**
 * The dashboard's money (api-contract "Costs", "Dashboard"): what the completed orders matching `where`
 * (the order list's filter and scope, on `orders`) cost, per currency, and how many orders are past their
 * NTE. Read from order_costs, one row per order.
 */
export async function spendOf(db: DbOrTx, where: SQL | undefined, timezone: string, locale: Locale) {
  const completed = sql`orders.status_id = (select id from order_statuses where slug = 'completed')
    ${where ? sql`and ${where}` : sql``}`;
  const base = sql`from orders join order_costs oc on oc.order_id = orders.id join chains c on c.id = orders.chain_id
    where ${completed}`;
  const [months, worktypes, stores, totals, over] = await Promise.all([
    db.execute<{ currency: string; month: string; total_minor: number }>(sql`
      select c.currency, to_char(orders.completed_at at time zone ${timezone}, 'YYYY-MM') as month,
        sum(${total})::bigint as total_minor
      ${base} and orders.completed_at >= date_trunc('month', now() at time zone ${timezone}) - interval '11 months'
      group by 1, 2 order by 1, 2`),
    db.execute<{ currency: string; worktype_id: number; title: string; total_minor: number }>(sql`
      select t.currency, t.worktype_id, coalesce(nullif(wtt.title, ''), wt.title) as title, t.total_minor from (
        select c.currency, orders.work_type_id as worktype_id, sum(${total})::bigint as total_minor,
          row_number() over (partition by c.currency order by sum(${total}) desc, orders.work_type_id) as rank
        ${base} group by 1, 2) t
      join work_types wt on wt.id = t.worktype_id
      left join work_type_translations wtt on wtt.work_type_id = wt.id and wtt.locale = ${locale}
      where t.rank <= 10 order by t.currency, t.rank`),
    db.execute<{ currency: string; store_id: number; store_name: string; total_minor: number }>(sql`
      select t.currency, t.store_id, s.store_name, t.total_minor from (
        select c.currency, orders.store_id, sum(${total})::bigint as total_minor,
          row_number() over (partition by c.currency order by sum(${total}) desc, orders.store_id) as rank
        ${base} group by 1, 2) t
      join stores s on s.id = t.store_id
      where t.rank <= 10 order by t.currency, t.rank`),
    db.execute<{ currency: string; total_minor: number }>(sql`
      select c.currency, sum(${total})::bigint as total_minor ${base} group by 1 order by 1`),
    db.execute<{ n: number }>(sql`
      select count(*)::int as n from orders join order_costs oc on oc.order_id = orders.id
      where ${total} > oc.nte_minor ${where ? sql`and ${where}` : sql``}`),
  ]);
  const spend: Dashboard['spend'] = totals.rows.map(({ currency, total_minor }) => ({
    currency,
    total_minor,
    by_month: months.rows
      .filter((r) => r.currency === currency)
      .map(({ month, total_minor: t }) => ({ month, total_minor: t })),
    by_worktype: worktypes.rows
      .filter((r) => r.currency === currency)
      .map(({ worktype_id, title, total_minor: t }) => ({ worktype_id, title, total_minor: t })),
    by_store: stores.rows
      .filter((r) => r.currency === currency)
      .map(({ store_id, store_name, total_minor: t }) => ({ store_id, store_name, total_minor: t })),
  }));
  return { spend, over_nte: over.rows[0].n };
}
