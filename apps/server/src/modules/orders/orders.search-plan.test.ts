import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';

/*
 * Free-text search on the order list must be able to reach its rows through the trigram index, not
 * only by reading every order (or every order of a chain). The statements checked are the very ones
 * the list sends (recorded at the driver), each EXPLAINed with its own values. On a test-sized table a
 * sequential scan is the planner's rational choice, so the plans are asked for with sequential scans
 * priced out (enable_seqscan = off): a condition no index can serve still shows one. Which plan the
 * planner picks at scale is measured by bench/orders-list.bench.ts on a million orders.
 *
 * The trigram index leads with chain_id (orders_chain_description_trgm, migration 0009), so that a
 * chain-admin's search finds the chain's matches in the index alone. For the planner to see that, the
 * table is shaped like a real one, if smaller: many stores (the search's store-name branch is costed
 * per store, and 17 demo stores make it look like half the table), enough orders that reading a whole
 * chain costs more than the index (10,000; at 5,000 reading the chain is the cheaper plan), and
 * vacuumed as autovacuum leaves it (GIN's statistics come from VACUUM; ANALYZE alone leaves them as
 * they were when the index was built on an empty table).
 */
const app = await createTestApp();
const RARE = 'Kylaggregatet';
const ORDERS = 10_000;

beforeAll(async () => {
  const pool = app.database.pool;
  // 20 more stores beside each demo store, in its chain and region.
  await pool.query(`
    insert into stores (chain_id, region_id, store_name, phone, invoice_address, contact_person)
    select s.chain_id, s.region_id, s.store_name || ' ' || g, s.phone, s.invoice_address, s.contact_person
    from stores s, generate_series(1, 20) g`);
  // Orders like the demo's first one, spread over all stores (and so the chains); one in 100 mentions
  // the compressor, those spread over the stores too.
  await pool.query(`
    insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, created_by,
      approval_status, status_id, due_at, created_at, updated_at)
    select case when g % 100 = 0 then '${RARE} låter högt #' || g else 'Dörren kärvar vid kassan #' || g end,
      o.work_type_id, o.priority, s.chain_id, s.region_id, s.id, o.created_by, o.approval_status,
      o.status_id, o.due_at, o.created_at, o.updated_at
    from generate_series(1, ${ORDERS}) g
      join (select id, chain_id, region_id, row_number() over (order by id) - 1 as k, count(*) over () as n
            from stores) s on s.k = (g + g / 100) % s.n,
      (select * from orders order by id limit 1) o`);
  await pool.query('vacuum analyze');
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The statements on `orders` that GET /api/orders sends for this query, as the driver got them. */
async function statementsOf(as: DemoUser, query: Record<string, string>) {
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
  return sent;
}

/** The plans of the statements GET /api/orders sends for this query. */
async function plansOf(as: DemoUser, query: Record<string, string>) {
  const pool = app.database.pool;
  const plans: PlanNode[][] = [];
  for (const statement of await statementsOf(as, query)) {
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

describe('order search uses the trigram index', () => {
  const seqScanOnOrders = (plan: PlanNode[]) =>
    plan.some((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'orders');
  /** The conditions the description's trigram index is scanned with, in any of the plans. */
  const trigramConds = (plans: PlanNode[][]) =>
    plans.flat().flatMap((n) => (n['Index Name'] === 'orders_chain_description_trgm' ? [n['Index Cond'] ?? ''] : []));

  for (const [as, q] of [
    ['admin', RARE],
    ['admin', 'kylaggregatet låter'],
    ['superAdmin', '4200'],
    ['chainAdmin', RARE],
  ] as const) {
    it(`as ${as}, searching "${q}": no order is read by a sequential scan`, async () => {
      const plans = await plansOf(as, { q });
      for (const plan of plans) expect(seqScanOnOrders(plan)).toBe(false);
      // The total counts every match: the matching descriptions are found through the trigram index,
      // within the chain for a chain-admin (chain_id and description in one index condition).
      const conds = trigramConds(plans);
      expect(
        conds.some((c) => c.includes('description ~~*')),
        JSON.stringify(plans),
      ).toBe(true);
      if (as === 'chainAdmin') {
        expect(
          conds.some((c) => /chain_id = /.test(c) && c.includes('description ~~*')),
          JSON.stringify(plans),
        ).toBe(true);
      }
    });
  }

  it('finds what it should', async () => {
    const res = await call(app, 'GET', '/api/orders', { as: 'admin', query: { q: RARE, limit: 1 } });
    expect(res.json().payload.total).toBe(ORDERS / 100);
    // The chain-admin's total is its chain's share, whichever index finds it.
    const { rows } = await app.database.pool.query<{ n: number }>(
      `select count(*)::int as n from orders o join user_chains uc on uc.chain_id = o.chain_id
         join users u on u.id = uc.user_id
       where u.email = 'chainadmin@example.com' and o.description like '${RARE}%'`,
    );
    expect(rows[0].n).toBeGreaterThan(0);
    const scoped = await call(app, 'GET', '/api/orders', { as: 'chainAdmin', query: { q: RARE, limit: 1 } });
    expect(scoped.json().payload.total).toBe(rows[0].n);
  });
});

describe('the list plans its statements once', () => {
  // A prepared statement is planned for its values five times; from then on PostgreSQL keeps one plan
  // unless the plans made for the values are estimated cheaper. The page's display columns are joined
  // onto its keys in a statement whose planning costs several times its run: a page of one key (a
  // project number found) must not get, and pay for, a plan of its own on every call.
  it('a search by project number joins its one row with the shared plan', async () => {
    const { rows: found } = await app.database.pool.query<{ project_number: number }>(
      `select project_number from orders where description like '${RARE}%' order by id desc limit 1`,
    );
    const q = String(found[0].project_number);
    const statements = await statementsOf('superAdmin', { q });
    const details = statements.find((st) => st.text.includes('project_number = any('));
    expect(details, JSON.stringify(statements.map((st) => st.text))).toBeDefined();
    const client = await app.database.pool.connect();
    try {
      for (let i = 0; i < 8; i++)
        await client.query({ name: 'details_reuse', text: details?.text ?? '', values: details?.values });
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        `select generic_plans::int, custom_plans::int from pg_prepared_statements where name = 'details_reuse'`,
      );
      expect(rows[0]).toEqual({ generic_plans: 3, custom_plans: 5 });
    } finally {
      await client.query('deallocate details_reuse');
      client.release();
    }
  });
});
