import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { planTestApp, RARE } from './plans.fixture.ts';

/*
 * The planner tier (`npm run test:planner`, PostgreSQL only, not in `npm test`): how often PostgreSQL
 * plans the list's statements again, read from its planner's own counters (pg_prepared_statements
 * generic_plans and custom_plans). They pin the planner's behaviour of today (a generic plan from the
 * sixth call on, while it is estimated no worse), which a PostgreSQL upgrade may change: a failure
 * here after an upgrade asks for the list's figures to be measured again (bench/orders-list.bench.ts).
 */
if (!process.env.DATABASE_URL) throw new Error('the planner tier runs on PostgreSQL: set DATABASE_URL');

const { app, statementsOf } = await planTestApp();

describe('the list plans its statements once', () => {
  // A prepared statement is planned for its values five times; from then on PostgreSQL keeps one plan
  // unless the plans made for the values are estimated cheaper. Planning the display columns costs
  // about as much as reading them: the list as it opens must be one statement that keeps its plan,
  // and a page of one key (a project number found) must not get, and pay for, a plan of its own.
  let reuses = 0;
  const plansKept = async (statement: pg.QueryConfig | undefined) => {
    expect(statement).toBeDefined();
    // A name of its own each time: the driver remembers the names it has prepared on a connection.
    const name = `plan_reuse_${++reuses}`;
    const client = await app.database.pool.connect();
    try {
      for (let i = 0; i < 8; i++) await client.query({ name, text: statement?.text ?? '', values: statement?.values });
      const { rows } = await client.query<{ generic_plans: string; custom_plans: string }>(
        'select generic_plans::int, custom_plans::int from pg_prepared_statements where name = $1',
        [name],
      );
      return rows[0];
    } finally {
      client.release();
    }
  };
  const onePage = (st: pg.QueryConfig) => st.text.includes('page.project_number');

  for (const as of ['admin', 'chainAdmin', 'director', 'store', 'tech'] as const) {
    it(`as ${as}, the list as it opens is one statement that keeps one plan`, async () => {
      const page = (await statementsOf(as, {})).filter(onePage);
      expect(page).toHaveLength(1);
      expect(await plansKept(page[0])).toEqual({ generic_plans: 3, custom_plans: 5 });
    });
  }

  it('a filtered list reads its keys first, planned for the values at hand', async () => {
    const statements = await statementsOf('director', { status: 'pending' });
    expect(statements.some(onePage)).toBe(false);
    const keys = statements.find((st) => st.text.startsWith('select orders.project_number'));
    expect(await plansKept(keys)).toEqual({ generic_plans: 0, custom_plans: 8 });
  });

  it('a search by project number joins its one row with the shared plan', async () => {
    const { rows: found } = await app.database.pool.query<{ project_number: number }>(
      `select project_number from orders where description like '${RARE}%' order by id desc limit 1`,
    );
    const q = String(found[0].project_number);
    const statements = await statementsOf('superAdmin', { q });
    const details = statements.find((st) => st.text.includes('project_number = any('));
    expect(details, JSON.stringify(statements.map((st) => st.text))).toBeDefined();
    expect(await plansKept(details)).toEqual({ generic_plans: 3, custom_plans: 5 });
  });
});
