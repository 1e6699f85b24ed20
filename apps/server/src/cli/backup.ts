// Backs up the embedded install (DATA_DIR): database and uploaded files in one .tar.gz.
//   npm run backup -- /backups/portal-2026-01-31.tar.gz
// While a server runs on DATA_DIR, that server writes the archive (a consistent snapshot, taken
// without stopping it); otherwise the folder is archived as it is, locked meanwhile.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';
import { backupFromFolder, backupFromServer } from '../lib/backup.ts';

async function main() {
  const target = process.argv[2];
  if (!target) throw new ConfigError('Usage: npm run backup -- FILE (a .tar.gz to write)');
  // npm runs this in apps/server: a relative FILE means the folder the command was typed in.
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new ConfigError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README, Operations).');
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), target);
  if (await backupFromServer(config.DATA_DIR, file)) {
    console.log(`Backup of the running server on ${config.DATA_DIR} written to ${file}`);
    return;
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    await backupFromFolder(config.DATA_DIR, file, config.FILE_STORAGE);
  } finally {
    release();
  }
  console.log(`Backup of ${config.DATA_DIR} (no server running) written to ${file}`);
  if (config.FILE_STORAGE === 's3') console.log('Files are in the S3 bucket: back it up on its own.');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
  process.exit(1);
});
