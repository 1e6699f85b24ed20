// Restores a backup written by `npm run backup` into an empty DATA_DIR:
//   DATA_DIR=/srv/portal/data npm run restore -- /backups/portal-2026-01-31.tar.gz
// Then start the server on that DATA_DIR.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { RestoreError, restore } from '../lib/backup.ts';

async function main() {
  const source = process.argv[2];
  if (!source) throw new ConfigError('Usage: npm run restore -- FILE (a .tar.gz written by npm run backup)');
  // npm runs this in apps/server: a relative FILE means the folder the command was typed in.
  const config = loadConfig();
  const manifest = await restore(path.resolve(process.env.INIT_CWD ?? process.cwd(), source), config.DATA_DIR);
  console.log(`Restored the backup of ${manifest.created_at} into ${config.DATA_DIR}`);
  if (manifest.file_storage === 's3') console.log('Its files were in the S3 bucket: restore the bucket on its own.');
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof RestoreError ? error.message : error);
  process.exit(1);
});
