import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';
import catalog from './catalog.json' with { type: 'json' };
import { catalogSnapshot } from './catalog.ts';
import { applyMigrations, withStartupLock } from './client.ts';
import squashed from './journal-before-baseline.json' with { type: 'json' };

const app = await createTestApp();
const { pool } = app.database;
const migrate = () => withStartupLock(pool, applyMigrations);
const journal = async () =>
  (
    await pool.query<{ hash: string; created_at: number }>(
      'select hash, created_at from drizzle.__drizzle_migrations order by id',
    )
  ).rows;
const counts = async () =>
  (
    await pool.query(`select (select count(*) from orders) as orders, (select sum(n) from order_tallies) as tallied,
      (select count(*) from order_costs) as costs, (select count(*) from order_words) as words`)
  ).rows[0];

/** A database as the release before the baseline left it: migrations 0000 to 0029 in its journal, the
 * triggers as those migrations wrote them (one of them since changed here, as if triggers.sql had moved on). */
async function asBeforeTheBaseline(journalEntries = squashed.entries) {
  await pool.query('delete from drizzle.__drizzle_migrations');
  for (const entry of journalEntries) {
    await pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      entry.tag,
      entry.when,
    ]);
  }
  await pool.query('drop table drizzle.triggers_applied');
  await pool.query('drop trigger orders_costs_insert on orders');
  await pool.query(`create or replace function order_tallies_truncate() returns trigger language plpgsql as $$
    BEGIN RETURN NULL; END $$`);
}

describe('the migrations: one baseline, then triggers.sql', () => {
  it('build the database that migrations 0000 to 0029 built (db/catalog.json), tables, columns, constraints, indexes, functions and triggers', async () => {
    expect(await catalogSnapshot(pool)).toEqual(catalog);
    expect((await journal()).map((row) => row.created_at)).toEqual([squashed.entries.at(-1)?.when]);
  });

  it('leave a database migrated by 0000 to 0029 as it is, and bring its triggers and functions up to triggers.sql', async () => {
    await asBeforeTheBaseline();
    const before = { journal: await journal(), counts: await counts() };
    expect(await catalogSnapshot(pool)).not.toEqual(catalog);
    await migrate();
    expect(await journal()).toEqual(before.journal);
    expect(await counts()).toEqual(before.counts);
    expect(await catalogSnapshot(pool)).toEqual(catalog);
    // The orders' triggers work again: a new order gets its cost row.
    await app.db.execute(sql`insert into orders (project_number, description, work_type_id, priority, chain_id, store_id, created_by, status_id, due_at)
      select 999001, 'after the upgrade', work_type_id, priority, chain_id, store_id, created_by, status_id, due_at from orders limit 1`);
    const { rows } = await pool.query(
      'select count(*) as n from order_costs c join orders o on o.id = c.order_id where o.project_number = 999001',
    );
    expect(rows[0].n).toBe(1);
  });

  it('apply triggers.sql again only when its text changed since it was last applied', async () => {
    await pool.query(`create or replace function invoices_immutable() returns trigger language plpgsql as $$
      BEGIN RETURN OLD; END $$`);
    await migrate();
    expect(await catalogSnapshot(pool)).not.toEqual(catalog);
    await pool.query(`update drizzle.triggers_applied set hash = 'an older triggers.sql'`);
    await migrate();
    expect(await catalogSnapshot(pool)).toEqual(catalog);
  });

  it('refuse a database that stopped before migration 0029, and change nothing in it', async () => {
    await asBeforeTheBaseline(squashed.entries.slice(0, 26));
    const before = await journal();
    await expect(migrate()).rejects.toThrow(/older than the migrations baseline/);
    expect(await journal()).toEqual(before);
    expect((await pool.query(`select to_regclass('drizzle.triggers_applied') as t`)).rows[0].t).toBeNull();
  });
});
