import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../../test/app.ts';
import { CONDITIONS } from './filter.ts';
import { TALLIES } from './tallies.ts';

const app = await createTestApp();

describe('the order list as one unit', () => {
  it('has the tally tables that list/tallies.ts names, with exactly its keys', async () => {
    for (const tally of TALLIES) {
      const { rows } = await app.db.execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = ${tally.table} order by column_name`,
      );
      expect(rows.map((r) => r.column_name)).toEqual([...tally.keys, 'n'].sort());
    }
  });

  it('lets a filter be answered from the tallies only by keys a tally has', () => {
    const keys = new Set(TALLIES.flatMap((tally) => tally.keys));
    for (const [name, condition] of Object.entries(CONDITIONS)) {
      for (const key of condition.tally?.keys ?? []) expect(keys.has(key), `${name}: ${key}`).toBe(true);
    }
  });

  it("answers a status or id beyond the integers of the contract with a 422 in the caller's language", async () => {
    for (const [lang, message] of [
      ['en', 'is invalid'],
      ['sv', 'är ogiltigt'],
      ['fi', 'virheellinen arvo'],
    ] as const) {
      const status = await call(app, 'GET', '/api/orders', { as: 'admin', lang, query: { status: '99999999999' } });
      expect(status.statusCode).toBe(422);
      expect(status.json().errors.status[0]).toContain(message);
    }
    const zero = await call(app, 'GET', '/api/orders', { as: 'admin', query: { status: '0' } });
    expect(zero.statusCode).toBe(422);
    const store = await call(app, 'GET', '/api/orders', { as: 'admin', query: { store_id: '2147483648' } });
    expect(store.statusCode).toBe(422);
    expect(Object.keys(store.json().errors)).toEqual(['store_id']);
    // The largest id is a filter like any other: nothing has it.
    const largest = await call(app, 'GET', '/api/orders', { as: 'admin', query: { status: '2147483647' } });
    expect(largest.statusCode).toBe(200);
    expect(largest.json().payload.total).toBe(0);
  });
});
