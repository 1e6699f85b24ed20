import { describe, expect, it } from 'vitest';
import { call, type DemoUser } from '../../test/app.ts';
import { nodes, ORDERS, type PlanNode, planTestApp, RARE } from './plans.fixture.ts';

/*
 * Free-text search on the order list must be able to reach its rows through the trigram index, not
 * only by reading every order (or every order of a chain). The statements checked are the very ones
 * the list sends (recorded at the driver), each EXPLAINed with its own values. On a test-sized table a
 * sequential scan is the planner's rational choice, so the plans are asked for with sequential scans
 * priced out (enable_seqscan = off): a condition no index can serve still shows one. Which plan the
 * planner picks at scale is measured by bench/orders-list.bench.ts on a million orders.
 *
 * The trigram index leads with chain_id (orders_chain_description_trgm, migration 0009), so that a
 * chain-admin's page of matches is found within the chain in the index alone; the admins use its
 * trigram column. The total of a search in a chain, region or technician scope reads the trigrams
 * keyed by that scope (orders_scope_trgm, migration 0010). For the planner to see that, the table is
 * shaped like a real one, if smaller: many stores (the search's store-name branch is costed per store,
 * and 17 demo stores make it look like half the table), enough orders that reading a whole chain
 * costs more than the index (10,000; at 5,000 reading the chain is the cheaper plan), and vacuumed as
 * autovacuum leaves it (GIN's statistics come from VACUUM; ANALYZE alone leaves them as they were when
 * the index was built on an empty table).
 */
const { app, statementsOf, plansOf } = await planTestApp();

describe('order search uses the trigram index', () => {
  const seqScanOnOrders = (plan: PlanNode[]) =>
    plan.some((n) => n['Node Type'].includes('Seq Scan') && n['Relation Name'] === 'orders');
  /** The conditions an index is scanned with, in any of the plans. */
  const indexConds = (plans: PlanNode[][], index: string) =>
    plans.flat().flatMap((n) => (n['Index Name'] === index ? [n['Index Cond'] ?? ''] : []));

  for (const [as, q] of [
    ['admin', RARE],
    ['admin', 'kylaggregatet låter'],
    ['superAdmin', '4200'],
  ] as const) {
    it(`as ${as}, searching "${q}": no order is read by a sequential scan`, async () => {
      const plans = await plansOf(as, { q });
      for (const plan of plans) expect(seqScanOnOrders(plan)).toBe(false);
      // The total counts every match: the matching descriptions are found through the trigram index.
      expect(
        indexConds(plans, 'orders_chain_description_trgm').some((c) => c.includes('description ~~*')),
        JSON.stringify(plans),
      ).toBe(true);
    });
  }

  for (const [as, query] of [
    ['chainAdmin', { q: RARE }],
    ['director', { q: 'kylaggregatet låter' }],
    ['tech', { q: RARE }],
    ['admin', { q: RARE, chain_id: '1' }],
  ] as const) {
    it(`as ${as}, searching ${JSON.stringify(query)}: the total reads the scope's own trigram keys`, async () => {
      const plans = await plansOf(as, query);
      for (const plan of plans) expect(seqScanOnOrders(plan)).toBe(false);
      // The keys are the scope's: the index condition names the trigrams keyed by it, sorted ('c1:agg', ...).
      const prefix = { chainAdmin: 'c', director: 'r', tech: 't', admin: 'c' }[as];
      expect(
        indexConds(plans, 'orders_scope_trgm').some((c) => new RegExp(`@> '\\{${prefix}\\d+:agg,`).test(c)),
        JSON.stringify(plans.flat().map((n) => [n['Index Name'], n['Index Cond']])),
      ).toBe(true);
    });
  }
});

describe('a search that matches few orders reads its matches, not the list', () => {
  // Walking the list in the page's order until 25 matches turn up reads the whole scope when there
  // are fewer: the admins' total is counted first and tells.
  for (const q of ['Kylaggregatex', 'kylaggregatex låter', RARE]) {
    it(`as admin, searching "${q}": the page's keys come from the trigram index`, async () => {
      const plans = await plansOf('admin', { q });
      const keys = plans.find((plan) => plan.some((n) => n['Node Type'] === 'Limit'));
      expect(keys?.some((n) => n['Index Name'] === 'orders_chain_description_trgm')).toBe(true);
      expect(keys?.some((n) => n['Index Name'] === 'orders_project_number_unique')).toBe(false);
    });
  }
});

describe('a search finds what it should', () => {
  // Each role's total against a count written out here: the scope, and the search's three branches.
  const scopeOf: Record<string, string> = {
    admin: 'true',
    chainAdmin: `chain_id in (select chain_id from user_chains where user_id = (select id from users where email = 'chainadmin@example.com'))`,
    director: `region_id in (select region_id from user_regions where user_id = (select id from users where email = 'director@example.com'))`,
    store: `store_id in (select store_id from user_stores where user_id = (select id from users where email = 'store@example.com'))`,
    tech: `technician_id = (select id from users where email = 'tech@example.com')`,
  };
  const expected = async (as: string, q: string, chainId?: number) => {
    const { rows } = await app.database.pool.query<{ n: number }>(
      `select count(*)::int as n from orders
       where ${scopeOf[as]} and ($2::int is null or chain_id = $2)
         and (description ilike '%' || $1 || '%'
           or store_id in (select id from stores where store_name ilike '%' || $1 || '%')
           or ($1 ~ '^[0-9]{1,9}$' and project_number = $1::bigint))`,
      [q, chainId ?? null],
    );
    return rows[0].n;
  };
  const total = async (as: DemoUser, query: Record<string, string>) => {
    const res = await call(app, 'GET', '/api/orders', { as, query: { ...query, limit: '1' } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.total as number;
  };

  it('the admins find every mention', async () => {
    expect(await total('admin', { q: RARE })).toBe(ORDERS / 100);
  });

  // A word in 1 of 100 descriptions, in another case, across words, with letters beyond ASCII, a
  // number inside descriptions and a project number, a store's name that descriptions also mention
  // (the two branches overlap), too short for a trigram, nothing at all, and most descriptions.
  const queries = [
    RARE,
    'KYLAGGREGATET LÅTER',
    'aggregatet låter hö',
    'Malmö',
    '#420',
    '4200',
    'Lund',
    'ög',
    'Lundavägen x',
    'dörren KÄRVAR',
  ];
  for (const as of ['admin', 'chainAdmin', 'director', 'store', 'tech'] as const) {
    it(`as ${as}: each total is the count of its scope's matches`, async () => {
      let found = 0;
      for (const q of queries) {
        const want = await expected(as, q);
        found += want;
        expect(await total(as, { q }), q).toBe(want);
      }
      expect(found).toBeGreaterThan(0);
      // Under a chain filter (the admins') or a region filter the same holds.
      expect(await total(as, { q: 'Lund', chain_id: '1' })).toBe(await expected(as, 'Lund', 1));
    });
  }
});

describe('a small scope counts its list from its own tallies', () => {
  // The unfiltered total of a region, a store or a technician sums their tally rows. The tallies' key
  // leads with the chain: without an index of their own these totals read the whole table, on
  // every list call of those roles (0.5-0.9 ms at 9,500 tally rows, growing with the stores). A
  // technician's orders lie in many stores: theirs are summed from their own tallies, a dozen rows
  // (4,478 rows of order_tallies for 22,567 orders in bench/generate-orders.ts: 0.55 ms).
  for (const [as, table, index] of [
    ['director', 'order_tallies', 'order_tallies_region_idx'],
    ['store', 'order_tallies', 'order_tallies_store_idx'],
    ['tech', 'order_technician_tallies', 'order_technician_tallies_pkey'],
  ] as const) {
    it(`as ${as}: the total reads ${index}`, async () => {
      const plans = await plansOf(as, {});
      const tallies = plans.flat().filter((n) => String(n['Relation Name']).endsWith('tallies'));
      expect(
        tallies.every((n) => n['Relation Name'] === table),
        JSON.stringify(tallies),
      ).toBe(true);
      const scans = plans.flat().filter((n) => n['Relation Name'] === table || n['Index Name'] === index);
      expect(scans.length, JSON.stringify(plans)).toBeGreaterThan(0);
      expect(
        scans.some((n) => n['Node Type'].includes('Seq Scan')),
        JSON.stringify(scans),
      ).toBe(false);
      expect(
        scans.some((n) => n['Index Name'] === index),
        JSON.stringify(scans),
      ).toBe(true);
    });
  }
});

describe('the admins list a work type from its index', () => {
  // No chain or region leads the admins' list: without an index of its own, a work type's total (and
  // its page by priority) read every order.
  it('the total and the page by priority read orders_worktype_list_idx, not the table', async () => {
    const { rows } = await app.database.pool.query<{ id: number }>('select id from work_types order by id limit 1');
    const plans = await plansOf('admin', {
      worktype_id: String(rows[0].id),
      approval_status: 'approved',
      sort_by: 'priority',
      sort_order: 'asc',
    });
    const onOrders = plans.flat().filter((n) => n['Relation Name'] === 'orders' && n['Node Type'].includes('Scan'));
    const ids = (n: PlanNode) => n['Index Name'] === 'orders_worktype_list_idx';
    // The page's keys and the total: each one scan of the index, in its order (no sort of the matches).
    expect(onOrders.filter(ids).length, JSON.stringify(onOrders)).toBeGreaterThanOrEqual(2);
    expect(onOrders.some((n) => n['Node Type'].includes('Seq Scan'))).toBe(false);
    // The page's keys (its Limit): read in the index's order, not sorted.
    const limit = plans.flat().find((n) => n['Node Type'] === 'Limit');
    expect(limit).toBeDefined();
    expect(
      nodes(limit as PlanNode).some((n) => n['Node Type'].includes('Sort')),
      JSON.stringify(limit),
    ).toBe(false);
  });
});

describe('the list as it opens', () => {
  const onePage = (text: string) => text.includes('page.project_number');
  for (const as of ['admin', 'chainAdmin', 'director', 'store', 'tech'] as const) {
    it(`as ${as}, is one statement, read along the scope's index`, async () => {
      const statements = await statementsOf(as, {});
      // The page (keys and display columns together) and the total: nothing else.
      expect(
        statements.filter((st) => onePage(st.text)),
        JSON.stringify(statements.map((st) => st.text)),
      ).toHaveLength(1);
      expect(statements).toHaveLength(2);
      const [plan] = await plansOf(as, {});
      const limit = plan.find((n) => n['Node Type'] === 'Limit') as PlanNode;
      expect(nodes(limit).some((n) => n['Node Type'].includes('Sort'))).toBe(false);
      expect(nodes(limit).some((n) => n['Node Type'].includes('Index'))).toBe(true);
    });
  }

  it('is not one statement once filtered: the keys come first', async () => {
    const statements = await statementsOf('director', { status: 'pending' });
    expect(statements.some((st) => onePage(st.text))).toBe(false);
    expect(statements.some((st) => st.text.startsWith('select orders.project_number'))).toBe(true);
  });
});
