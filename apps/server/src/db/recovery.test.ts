import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../test/app.ts';
import { orders } from './schema/index.ts';

// In the embedded mode every pooled connection is multiplexed onto ONE PGlite session, and pg-pool
// replaces a connection after any failed query: whatever the old connection left in the session
// (named prepared statements, settings, advisory locks, an open transaction) must not reach the next.
describe('a failed query never affects the next request', async () => {
  const app = await createTestApp();
  const { pool, db } = app.database;

  /** What a user does next: signed-in reads that run the app's own named prepared statements. */
  async function nextRequestsWork() {
    const profile = await call(app, 'GET', '/api/profile', { as: 'store' });
    expect(profile.statusCode, profile.body).toBe(200);
    const chat = await call(app, 'GET', '/api/orders/1/messages', { as: 'admin' });
    expect(chat.statusCode, chat.body).toBe(200);
    const { rows } = await pool.query<{ timeout: string; locks: number }>(
      `select current_setting('statement_timeout') as timeout,
        (select count(*) from pg_locks where locktype = 'advisory' and pid = pg_backend_pid())::int as locks`,
    );
    expect(rows[0]).toEqual({ timeout: '0', locks: 0 });
  }

  const failures: [string, () => Promise<unknown>][] = [
    ['a syntax error', () => pool.query('selec 1')],
    ['a cast error', () => pool.query(`select 'abc'::int`)],
    ['an int4 overflow in a parameter', () => pool.query('select id from orders where id = $1', ['99999999999'])],
    ['a NUL byte in a text parameter', () => pool.query('select id from users where email = $1', ['a\u0000b'])],
    ['a NOT NULL violation', () => db.insert(orders).values({} as never)],
    [
      'a unique violation',
      () => db.execute(sql`insert into roles (id, slug, title) select id, slug, title from roles limit 1`),
    ],
    [
      'a failed named prepared statement',
      () => pool.query({ name: 'auth-token', text: 'select $1::int', values: ['not a number'] }),
    ],
    [
      'a failure after setting session state',
      async () => {
        const client = await pool.connect();
        await client.query(`set statement_timeout = '1234'`);
        await client.query('select pg_advisory_lock(42)');
        await client.query({ name: 'left-behind', text: 'select 1' });
        client.release(new Error('dropped'));
      },
    ],
    [
      'a failure inside a transaction',
      () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update orders set description = 'changed' where id = 1`);
          await tx.execute(sql`select 1 / 0`);
        }),
    ],
    [
      'an error thrown by code inside a transaction',
      () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`update orders set description = 'changed' where id = 1`);
          throw new Error('the service gave up');
        }),
    ],
  ];

  it.each(failures)('serves the next request after %s', async (_name, fail) => {
    await fail().catch(() => {});
    await nextRequestsWork();
    const { rows } = await pool.query<{ description: string }>('select description from orders where id = 1');
    expect(rows[0].description).not.toBe('changed');
  });

  it('serves signed-in users after an anonymous sign-in with a NUL byte in the e-mail', async () => {
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(login.statusCode).toBe(422);
    await nextRequestsWork();
  });
});
