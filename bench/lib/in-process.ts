// The start of a bench that runs the app in its own process (buildApp, called through app.inject or
// app.listen), on a database made by bench/generate-orders.ts: PostgreSQL (--db) or embedded (--data-dir).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type App, buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { newSecretsKey } from '../../apps/server/src/lib/secrets.ts';

export interface BenchDatabase {
  /** PostgreSQL's URL; undefined on the embedded database. */
  db?: string;
  /** The embedded database's data directory; undefined on PostgreSQL. */
  dataDir?: string;
}

/** --db or --data-dir (one is needed), and how many timed and warm-up runs. */
export function benchArgs(defaults: { runs: number; warmup: number }) {
  const { values } = parseArgs({
    options: {
      db: { type: 'string' },
      'data-dir': { type: 'string' },
      runs: { type: 'string', default: String(defaults.runs) },
      warmup: { type: 'string', default: String(defaults.warmup) },
    },
  });
  const database = benchDatabase(values);
  return { ...database, runs: Number(values.runs), warmup: Number(values.warmup) };
}

/** The database of the bench's arguments; exits with a usage line when there is none. */
export function benchDatabase(values: { db?: string; 'data-dir'?: string }): BenchDatabase {
  if (!values.db && !values['data-dir']) {
    console.error('Give --db postgres://... or --data-dir DIR (as for bench/generate-orders.ts).');
    process.exit(2);
  }
  return { db: values.db, dataDir: values['data-dir'] };
}

/**
 * The app on that database, silent and without a rate limit (the load comes from one address), its
 * files in a folder of the bench's `name` (PostgreSQL) or beside the embedded database.
 */
export function benchApp(database: BenchDatabase, name: string): Promise<App> {
  return buildApp(
    loadConfig({
      DATABASE_URL: database.db,
      SECRETS_KEY: newSecretsKey(),
      DATA_DIR: database.dataDir ?? path.join(os.tmpdir(), `wop-${name}-bench-files`),
      SEED_DEMO: 'false',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
}
