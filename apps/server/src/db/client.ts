import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbedded } from './embedded.ts';
import * as schema from './schema/index.ts';

// `pg` answers bigint (int8) and count(*) as strings: normalise to numbers in this one place.
// Our ids and counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  embedded: boolean;
  /** Embedded only: a private folder of this process, and a consistent copy of the database files. */
  privateDir?: string;
  snapshot?(target: string): Promise<void>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const migrationsFolder = path.join(here, 'migrations');

/**
 * Every connection's session answers timestamps in UTC, whatever the server's `TimeZone` setting:
 * the list reads them as text and gives them as ISO text without parsing them (db/prepared.ts,
 * orders.mapping.ts `iso`). Dates are computed in a time zone the query names, never the session's.
 */
const utc = async (client: pg.ClientBase) => {
  await client.query(`SET TIME ZONE 'UTC'`);
};

/** One driver in both modes: PostgreSQL at DATABASE_URL, or PGlite in DATA_DIR behind a private socket. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 4, onConnect: utc });
    // An idle connection the server ends (a restart, a terminated backend) must not crash the
    // process: pg-pool drops it and the next query connects again.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    return { db: drizzle({ client: pool, schema }), pool, embedded: false, close: () => pool.end() };
  }
  const embedded = await startEmbedded(options.dataDir);
  // PGlite runs one query at a time and cannot interleave transactions: one pooled connection.
  // Every connection shares the ONE PGlite session. pg-pool drops a connection after any failed
  // query and opens a new one, which would meet the old connection's named prepared statements
  // (42P05 'already exists' on every request from then on), settings and advisory locks. A new
  // connection therefore resets the session before pg-pool hands it out. Two statements: DISCARD ALL
  // may not run inside the implicit transaction of a multi-statement string.
  const pool = new pg.Pool({
    ...embedded.connection,
    max: embedded.poolSize,
    idleTimeoutMillis: 0,
    onConnect: async (client: pg.ClientBase) => {
      await client.query('ROLLBACK').catch(() => {});
      await client.query('DISCARD ALL');
      await utc(client);
    },
  });
  // Single-user PGlite has no checkpointer and no autovacuum: checkpoint now and then so WAL stays
  // small, and keep the tables that grew vacuumed and analyzed.
  const checkpoints = setInterval(
    () =>
      void (async () => {
        await pool.query('CHECKPOINT');
        await maintainEmbedded(pool);
      })().catch(() => {}),
    5 * 60_000,
  );
  checkpoints.unref();
  return {
    db: drizzle({ client: pool, schema }),
    pool,
    embedded: true,
    privateDir: embedded.privateDir,
    snapshot: embedded.snapshot,
    async close() {
      clearInterval(checkpoints);
      await pool.end();
      await embedded.stop();
    },
  };
}

/**
 * What autovacuum does on PostgreSQL, for the embedded database, which has none: each table that has
 * grown by a tenth (and at least 10 pages) since it was last vacuumed or analyzed is vacuumed and
 * analyzed. Without it the planner never learns how the data grew, old row versions of updated
 * orders are never reclaimed, and index-only scans keep visiting the table. (Generating the bench's
 * orders without statistics, one batch of 100,000 ran over six minutes where the others took one.)
 * Growth is read from the files, as single-user PGlite keeps no activity statistics. Returns the
 * tables it maintained.
 */
export async function maintainEmbedded(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(`
    select format('%I', c.relname) as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int
        > greatest(c.relpages * 1.1, c.relpages + 10)
    order by c.relname`);
  for (const { name } of rows) await pool.query(`vacuum (analyze) ${name}`);
  return rows.map((r) => r.name);
}

/** Any constant both instances agree on: the key of the start-up advisory lock. */
const STARTUP_LOCK = 727_001;

/**
 * Runs `work` (migrations, seeding) on one connection that holds a PostgreSQL advisory lock, so
 * instances started at once take turns: the first migrates, the others find nothing left to do.
 * The lock ends with the session, so a crashed instance never leaves it taken.
 */
export async function withStartupLock<T>(pool: pg.Pool, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await work(drizzle({ client, schema }));
    } finally {
      await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    client.release();
  }
}

const triggersSql = fs.readFileSync(path.join(here, 'triggers.sql'), 'utf8');
const triggersHash = createHash('sha256').update(triggersSql).digest('hex');
/** The `when` of migrations/0000_baseline.sql: that of migration 0029, the last of those it replaces. */
const baselineWhen: number = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
  .entries[0].when;

/**
 * Applies the migrations on this connection (inside withStartupLock), then db/triggers.sql, the source of
 * the triggers and their functions, when its text differs from the one last applied (decision 026).
 */
export async function applyMigrations(db: Db): Promise<void> {
  // drizzle applies every migration newer than the last it applied: on a database that stopped before
  // migration 0029, that would be the baseline, over tables that already exist.
  const journal = await db.execute<{ name: string | null }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') as name`,
  );
  const last = journal.rows[0].name
    ? (await db.execute<{ last: number | null }>(sql`select max(created_at) as last from drizzle.__drizzle_migrations`))
        .rows[0].last
    : null;
  if (last !== null && last < baselineWhen) {
    throw new Error(
      'This database was migrated by a release older than the migrations baseline: start a release of ' +
        'before decision 026 on it once (it applies migrations up to 0029), then this one.',
    );
  }
  await migrate(db, { migrationsFolder });
  await db.transaction(async (tx) => {
    await tx.execute(sql`create table if not exists drizzle.triggers_applied (hash text not null)`);
    const applied = await tx.execute<{ hash: string }>(sql`select hash from drizzle.triggers_applied`);
    if (applied.rows[0]?.hash === triggersHash) return;
    await tx.execute(sql.raw(triggersSql));
    await tx.execute(sql`delete from drizzle.triggers_applied`);
    await tx.execute(sql`insert into drizzle.triggers_applied (hash) values (${triggersHash})`);
  });
}

/** Applies the migrations under the start-up lock. */
export async function runMigrations(db: Db): Promise<void> {
  // drizzle() keeps the pool it was given as $client (not in the Db type).
  await withStartupLock((db as unknown as { $client: pg.Pool }).$client, applyMigrations);
}
