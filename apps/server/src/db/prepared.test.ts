import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import { MAX_PREPARED, queryPrepared } from './prepared.ts';

const app = await createTestApp();
afterAll(() => app.close());

describe('named prepared statements', () => {
  it(`keeps at most ${MAX_PREPARED} on a connection, and every statement still answers`, {
    timeout: 120_000,
  }, async () => {
    const kept: number[] = [];
    for (let i = 0; i < MAX_PREPARED + 20; i++) {
      const [row] = await queryPrepared<{ n: number }>(app.db, sql.raw(`select ${i}::int as n`));
      expect(row.n).toBe(i);
      if (i % 10 !== 9) continue;
      // Run on the connection that answered the statement above (the pool hands out the last released).
      const [count] = await queryPrepared<{ n: number }>(
        app.db,
        sql`select count(*)::int as n from pg_prepared_statements`,
      );
      kept.push(count.n);
    }
    expect(Math.max(...kept)).toBeLessThanOrEqual(MAX_PREPARED);
    // The bound was reached and the connection replaced: the count started again.
    expect(kept.at(-1)).toBeLessThan(Math.max(...kept));
  });
});

describe('the session time zone', () => {
  it('is UTC on every connection the pool opens, whatever the database sets, so timestamps read as +00 text', async () => {
    const { pool } = app.database;
    const { rows } = await pool.query<{ name: string }>('select current_database() as name');
    await pool.query(`alter database "${rows[0].name}" set timezone to 'Asia/Kathmandu'`);
    try {
      // Connections opened from now on start in the database's zone, until the pool sets its own.
      (await pool.connect()).release(true);
      const client = await pool.connect();
      try {
        expect((await client.query<{ zone: string }>("select current_setting('TimeZone') as zone")).rows[0].zone).toBe(
          'UTC',
        );
      } finally {
        client.release();
      }
      const [row] = await queryPrepared<{ at: string }>(app.db, sql`select now() as at`);
      expect(row.at).toMatch(/\+00$/);
    } finally {
      await pool.query(`alter database "${rows[0].name}" reset timezone`);
    }
  });
});
