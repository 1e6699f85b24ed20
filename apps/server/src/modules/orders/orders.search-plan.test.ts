import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';

/*
 * Free-text search on the order list must be able to reach its rows through the trigram indexes, not
 * only by reading every order. The statements checked are the very ones the list sends (recorded at
 * the driver), each EXPLAINed with its own values. On a test-sized table a sequential scan is the
 * planner's rational choice, so the plans are asked for with sequential scans priced out
 * (enable_seqscan = off): a condition no index can serve still shows one. Which plan the planner
 * picks at scale is measured by bench/orders-list.bench.ts on a million orders.
 */
const app = await createTestApp();
const RARE = 'Kylaggregatet';

beforeAll(async () => {
  // 5,000 orders like the demo's first one; one in 100 mentions the compressor.
  await app.database.pool.query(`
    insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, created_by,
      approval_status, status_id, due_at, created_at, updated_at)
    select case when g % 100 = 0 then '${RARE} låter högt #' || g else 'Dörren kärvar vid kassan #' || g end,
      o.work_type_id, o.priority, o.chain_id, o.region_id, o.store_id, o.created_by, o.approval_status,
      o.status_id, o.due_at, o.created_at, o.updated_at
    from generate_series(1, 5000) g, (select * from orders order by id limit 1) o`);
  await app.database.pool.query('analyze');
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The plans of the statements GET /api/orders sends for this query. */
async function plansOf(as: DemoUser, query: Record<string, string>) {
  const pool = app.database.pool;
  const sent: pg.QueryConfig[] = [];
  const original = pool.query.bind(pool);
  pool.query = ((...args: Parameters<typeof original>) => {
    const [config] = args as unknown as [pg.QueryConfig | string];
    if (typeof config === 'object' && /\bfrom orders\b/.test(config.text)) sent.push(config);
    return original(...args);
  }) as typeof pool.query;
  try {
    const res = await call(app, 'GET', '/api/orders', { as, query });
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    pool.query = original;
  }
  expect(sent.length).toBeGreaterThan(0);
  const plans: PlanNode[][] = [];
  for (const statement of sent) {
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

describe('order search uses the trigram indexes', () => {
  const seqScanOnOrders = (plan: PlanNode[]) =>
    plan.some((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'orders');

  for (const [as, q] of [
    ['admin', RARE],
    ['admin', 'kylaggregatet låter'],
    ['superAdmin', '4200'],
    ['chainAdmin', RARE],
  ] as const) {
    it(`as ${as}, searching "${q}": no order is read by a sequential scan`, async () => {
      const plans = await plansOf(as, { q });
      for (const plan of plans) expect(seqScanOnOrders(plan)).toBe(false);
      if (as !== 'chainAdmin') {
        // The total counts every match: it is found through the description's trigram index.
        expect(plans.some((plan) => plan.some((n) => n['Index Name'] === 'orders_description_trgm'))).toBe(true);
      }
    });
  }

  it('finds what it should', async () => {
    const res = await call(app, 'GET', '/api/orders', { as: 'admin', query: { q: RARE, limit: 1 } });
    expect(res.json().payload.total).toBe(50);
  });
});
