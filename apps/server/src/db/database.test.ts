import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, databaseUrlFor } from '../test/pg.ts';
import catalog from './catalog.json' with { type: 'json' };
import { catalogSnapshot } from './catalog.ts';
import { maintainEmbedded, openDatabase, runMigrations } from './client.ts';
import { DataDirLockedError, lockDataDir } from './lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-db-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The schema after migrating (db/catalog.json: as migrations 0000 to 0029 left it), and the rows it starts with. */
async function migrated(database: Awaited<ReturnType<typeof openDatabase>>) {
  const { rows } = await database.pool.query(`select (select json_agg(p) from phone_in_settings p) as phone_in,
    (select json_agg(n) from invoice_numbers n) as invoice_numbers`);
  return { catalog: await catalogSnapshot(database.pool), rows: rows[0] };
}
const expected = {
  catalog,
  rows: { phone_in: [{ id: 1, service_desk_phone: '070-174 06 05' }], invoice_numbers: [{ id: 1, last_number: 0 }] },
};

// Each case starts one or two databases: slow on a loaded two-core machine.
describe('one migration set', { timeout: 120_000 }, () => {
  it('migrates an empty embedded database (PostgreSQL 18 in PGlite) to the schema and rows of migrations 0000 to 0029, and again without changes', async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    try {
      await runMigrations(database.db);
      await runMigrations(database.db);
      expect(await migrated(database)).toEqual(expected);
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)('gives PostgreSQL (DATABASE_URL) the same schema as PGlite', async () => {
    const base = process.env.DATABASE_URL as string;
    const name = `wop_t_migrate_${process.pid}`;
    const admin = await adminUrl(base);
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const pg = await openDatabase({ databaseUrl: databaseUrlFor(base, name), dataDir: tempDir() });
    const lite = await openDatabase({ dataDir: tempDir() });
    try {
      await runMigrations(pg.db);
      await runMigrations(lite.db);
      const { rows } = await pg.db.execute<{ v: number }>(sql`select current_setting('server_version_num')::int as v`);
      expect(rows[0].v).toBeGreaterThanOrEqual(150000);
      expect(await migrated(pg)).toEqual(expected);
      expect(await migrated(lite)).toEqual(expected);
    } finally {
      await pg.close();
      await lite.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe('the embedded data directory', { timeout: 120_000 }, () => {
  it('refuses a second opener while the first holds it, and opens after it is closed', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/in use by another server/);
    await first.close();
    const again = await openDatabase({ dataDir: dir });
    await again.close();
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = tempDir();
    // A pid far above any live one on this machine.
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('removes the socket folder of a server that was killed, at the next start', async () => {
    const dir = tempDir();
    const client = new URL('./client.ts', import.meta.url).href;
    const script = path.join(dir, 'open.mjs');
    fs.writeFileSync(
      script,
      `const { openDatabase } = await import(${JSON.stringify(client)});
      await openDatabase({ dataDir: ${JSON.stringify(dir)} });
      process.send('open');`,
    );
    const child = spawn(process.execPath, [script], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { PATH: process.env.PATH ?? '' },
    });
    await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`the server process ended (${code}) before opening`)));
    });
    const orphan = fs.readFileSync(path.join(dir, 'socket-dir'), 'utf8');
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(fs.existsSync(orphan)).toBe(true);

    const next = await openDatabase({ dataDir: dir });
    expect(fs.existsSync(orphan)).toBe(false);
    const own = fs.readFileSync(path.join(dir, 'socket-dir'), 'utf8');
    await next.close();
    expect(fs.existsSync(own)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'socket-dir'))).toBe(false);
  });

  it('answers the next query normally after a query fails', async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    try {
      for (let i = 0; i < 5; i++) {
        await expect(database.pool.query('select * from no_such_table')).rejects.toThrow(/does not exist/);
        await expect(database.pool.query('select $1::int as n', [i])).resolves.toMatchObject({ rows: [{ n: i }] });
      }
      await expect(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`create table t_rollback (id int)`);
          await tx.execute(sql`select * from no_such_table`);
        }),
      ).rejects.toThrow();
      const { rows } = await database.pool.query(`select to_regclass('t_rollback') as t`);
      expect(rows).toEqual([{ t: null }]);
    } finally {
      await database.close();
    }
  });

  it('keeps committed rows across a close and reopen', async () => {
    const dir = tempDir();
    const one = await openDatabase({ dataDir: dir });
    await one.pool.query('create table kept (id int primary key, name text)');
    await one.pool.query(`insert into kept values (1, 'Åhléns Västerås')`);
    await one.close();
    const two = await openDatabase({ dataDir: dir });
    const { rows } = await two.pool.query('select name from kept');
    expect(rows).toEqual([{ name: 'Åhléns Västerås' }]);
    await two.close();
  });

  // It has no autovacuum: the server does its work for the tables that grew.
  it('vacuums and analyzes a table once it has grown by a tenth, and leaves it alone before', async () => {
    const database = await openDatabase({ dataDir: tempDir() });
    try {
      const { pool } = database;
      const stats = async () =>
        (
          await pool.query<{ tuples: number; visible: number }>(
            `select reltuples::int as tuples, relallvisible as visible from pg_class where relname = 'grown'`,
          )
        ).rows[0];
      const add = (from: number, to: number) =>
        pool.query(`insert into grown select g, repeat('x', 100) from generate_series(${from}, ${to}) g`);
      await pool.query('create table grown (id int primary key, note text)');
      await add(1, 20_000);
      expect(await stats()).toEqual({ tuples: -1, visible: 0 }); // never analyzed nor vacuumed
      expect(await maintainEmbedded(pool)).toContain('grown');
      expect(await stats()).toEqual({ tuples: 20_000, visible: expect.any(Number) });
      expect((await stats()).visible).toBeGreaterThan(10);
      // Unchanged, then grown by less than a tenth: nothing to do.
      expect(await maintainEmbedded(pool)).not.toContain('grown');
      await add(20_001, 21_000);
      expect(await maintainEmbedded(pool)).not.toContain('grown');
      await add(21_001, 24_000);
      expect(await maintainEmbedded(pool)).toContain('grown');
      expect((await stats()).tuples).toBe(24_000);
    } finally {
      await database.close();
    }
  });
});
