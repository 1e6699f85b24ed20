// Checks the order tallies against the orders, or counts them afresh:
//   npm run tallies -- --check     exits 1 when a tally differs from the orders (and prints how)
//   npm run tallies -- --rebuild   counts every tally afresh (writes to orders wait meanwhile)
// Tallies drift only if the orders were written with triggers off (a restore with
// --disable-triggers, session_replication_role = replica); the server's metric says when.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase, runMigrations } from '../db/client.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { rebuildTallies, tallyErrors } from '../modules/orders/list/tally-check.ts';

const USAGE =
  'Usage: npm run tallies -- --check | --rebuild\n' +
  '  --check    compare the order tallies with the orders; exit 1 if they differ\n' +
  '  --rebuild  count every tally afresh from the orders\n' +
  'On the database of DATA_DIR (stop the server first) or DATABASE_URL.';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { check: { type: 'boolean' }, rebuild: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    strict: true,
  });
  if (values.help || values.check === values.rebuild) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 1;
    return;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await runMigrations(database.db);
    if (values.rebuild) {
      const written = await rebuildTallies(database.db);
      for (const [table, rows] of Object.entries(written)) console.log(`${table}: ${rows} rows counted afresh`);
      return;
    }
    const errors = await tallyErrors(database.db);
    if (errors.length === 0) {
      console.log('The order tallies match the orders.');
      return;
    }
    console.log(`${errors.length} tally rows differ from the orders (npm run tallies -- --rebuild fixes them):`);
    for (const error of errors.slice(0, 20)) console.log(JSON.stringify(error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof ConfigError || error instanceof DataDirLockedError ? `tallies: ${error.message}` : error,
  );
  process.exit(1);
});
