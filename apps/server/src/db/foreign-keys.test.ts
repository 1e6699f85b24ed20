import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

const app = await createTestApp();

describe('foreign keys to orders', () => {
  // Deleting an order looks up every row that refers to it: without an index that starts with the
  // referring column, each delete reads the whole referring table (notifications, chat_seen: millions).
  it('each has an index that starts with its column, so deleting an order never scans a table', async () => {
    const { rows } = await app.database.pool.query<{ fk: string }>(`
      select c.conrelid::regclass || '.' || a.attname || ' -> ' || c.confrelid::regclass as fk
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.confrelid = 'orders'::regclass
        and not exists (
          select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])
      order by 1`);
    expect(rows.map((r) => r.fk)).toEqual([]);
  });
});
