import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newSecretsKey } from '../../../lib/secrets.ts';
import { createTestApp } from '../../../test/app.ts';
import { rebuildTallies, tallyErrors } from './tally-check.ts';

const METRICS_TOKEN = 'scrape-me-please-0123456789';
const app = await createTestApp({ METRICS_TOKEN, TALLY_CHECK_MINUTES: '0' });

/** Orders written as a restore with --disable-triggers writes them: the tallies do not hear of it. */
async function writeWithoutTriggers() {
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update orders set status_id = (select id from order_statuses where slug = 'completed')
      where id in (select id from orders where status_id <> (select id from order_statuses where slug = 'completed')
        and technician_id is not null order by id limit 3)`);
  });
}

const drift = async () => {
  const res = await app.inject({
    method: 'GET',
    url: '/api/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  return Number(/^wop_order_tally_drift_rows (\d+)$/m.exec(res.body)?.[1]);
};

describe('the tally check', () => {
  it('finds the seeded tallies exact, and the metric says 0', async () => {
    expect(await tallyErrors(app.db)).toEqual([]);
    expect(await drift()).toBe(0);
  });

  it('finds the rows that orders written with triggers off left wrong, in both tallies, and a rebuild fixes them', async () => {
    await writeWithoutTriggers();
    const errors = await tallyErrors(app.db);
    const tables = new Set(errors.map((e) => e.table));
    expect(tables).toEqual(new Set(['order_tallies', 'order_technician_tallies']));
    expect(errors.some((e) => e.error === 'missing') && errors.some((e) => e.error === 'extra')).toBe(true);
    expect(await drift()).toBe(errors.length);
    await rebuildTallies(app.db);
    expect(await tallyErrors(app.db)).toEqual([]);
    expect(await drift()).toBe(0);
  });

  it('is what npm run tallies -- --check runs, and --rebuild repairs', { timeout: 120_000 }, async () => {
    await writeWithoutTriggers();
    const { DATA_DIR, DATABASE_URL } = app.appConfig;
    // The embedded database is one process's: the server stops before the command opens it.
    await app.close();
    const env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR,
      // The command reads no secret, but PostgreSQL's configuration needs a key.
      ...(DATABASE_URL ? { DATABASE_URL, SECRETS_KEY: newSecretsKey() } : {}),
    };
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const tallies = (flag: string) =>
      promisify(execFile)(process.execPath, ['src/cli/tallies.ts', flag], { cwd: serverDir, env }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const check = await tallies('--check');
    expect(check.code, check.stdout).toBe(1);
    expect(check.stdout).toMatch(/^\d+ tally rows differ from the orders/);
    expect((await tallies('--rebuild')).code).toBe(0);
    expect(await tallies('--check')).toEqual({ code: 0, stdout: 'The order tallies match the orders.\n' });
  });
});
