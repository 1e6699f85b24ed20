import { expect } from 'vitest';
import type { App } from '../../app.ts';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';
import { statementsSent } from '../../test/statements.ts';

export const RARE = 'Kylaggregatet';
export const ORDERS = 10_000;

/**
 * The real app on a table shaped like a real one, if smaller (see orders.search-plan.test.ts), with
 * the statements the order list sends and their plans.
 */
export async function planTestApp() {
  const app = await createTestApp();
  const pool = app.database.pool;
  // 20 more stores beside each demo store, in its chain and region.
  await pool.query(`
    insert into stores (chain_id, region_id, store_name, phone, invoice_address, contact_person)
    select s.chain_id, s.region_id, s.store_name || ' ' || g, s.phone, s.invoice_address, s.contact_person
    from stores s, generate_series(1, 20) g`);
  // Orders like the demo's first one, spread over all stores (and so the chains); one in 100 mentions
  // the compressor, those spread over the stores too; one in 300 a street named like the Lund stores.
  // Every other order is the demo technician's.
  await pool.query(`
    insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, created_by,
      approval_status, status_id, technician_id, due_at, created_at, updated_at)
    select case when g % 100 = 0 then '${RARE} låter högt #' || g
                when g % 300 = 1 then 'Skylten mot Lundavägen lossnar #' || g
                else 'Dörren kärvar vid kassan #' || g end,
      o.work_type_id, o.priority, s.chain_id, s.region_id, s.id, o.created_by, o.approval_status,
      o.status_id, case when g % 2 = 0 then (select id from users where email = 'tech@example.com') end,
      o.due_at, o.created_at, o.updated_at
    from generate_series(1, ${ORDERS}) g
      join (select id, chain_id, region_id, row_number() over (order by id) - 1 as k, count(*) over () as n
            from stores) s on s.k = (g + g / 100) % s.n,
      (select * from orders order by id limit 1) o`);
  await pool.query('vacuum analyze');
  return {
    app,
    statementsOf: (as: DemoUser, query: Record<string, string>) => statementsOf(app, as, query),
    plansOf: (as: DemoUser, query: Record<string, string>) => plansOf(app, as, query),
  };
}

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
export const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The statements on `orders` (or its tallies) that GET /api/orders sends for this query, as the driver got them. */
async function statementsOf(app: App, as: DemoUser, query: Record<string, string>) {
  const sent = await statementsSent(async () => {
    const res = await call(app, 'GET', '/api/orders', { as, query });
    expect(res.statusCode, res.body).toBe(200);
  }, /\bfrom (orders|order_tallies|order_technician_tallies)\b/);
  expect(sent.length).toBeGreaterThan(0);
  return sent;
}

/** The plans of the statements GET /api/orders sends for this query. */
async function plansOf(app: App, as: DemoUser, query: Record<string, string>) {
  const pool = app.database.pool;
  const plans: PlanNode[][] = [];
  for (const statement of await statementsOf(app, as, query)) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
        text: `explain (format json) ${statement.text}`,
        values: statement.values,
      });
      plans.push(nodes(rows[0]['QUERY PLAN'][0].Plan));
    } finally {
      await client.query('rollback');
      client.release();
    }
  }
  return plans;
}
