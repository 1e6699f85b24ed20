// Backs up a running embedded install with the real command, restores it into an empty folder and
// starts the app there: the same orders, the same files.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { call, multipart } from '../test/app.ts';
import { files } from '../test/files.ts';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const cli = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [`src/cli/${script}.ts`, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
  });

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
/** The app on the embedded database in `dataDir`; a new folder starts from the seeded test template. */
function start(dataDir: string) {
  const template = inject('templateDir');
  const fresh = !fs.existsSync(dataDir);
  if (fresh) fs.cpSync(template, dataDir, { recursive: true });
  return buildApp(
    loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      WEB_DIST: path.join(root, 'no-web'),
      LOG_LEVEL: 'silent',
    }),
    { logger: false },
  );
}

const ordersOf = async (app: App) =>
  (await call(app, 'GET', '/api/orders', { as: 'admin', query: { limit: 500 } })).json().payload;

// The embedded install only: a PostgreSQL deployment backs up with pg_dump (README, Operations), so
// the PostgreSQL pass of the suite skips this file.
describe.skipIf(process.env.DATABASE_URL)('backup and restore of the embedded install', () => {
  it('backs up a running server and restores the same orders and files into an empty folder', async () => {
    const live = path.join(root, 'live');
    const app = await start(live);
    const pdf = files.pdf();
    const upload = multipart({}, [{ field: 'documents[]', name: 'före backup.pdf', data: pdf }]);
    const uploaded = await call(app, 'POST', '/api/orders/1/upload', { as: 'store', ...upload });
    expect(uploaded.statusCode).toBe(201);
    const documentId = uploaded.json().payload.find((d: { name: string }) => d.name === 'före backup.pdf').id;
    const archive = path.join(root, 'portal.tar.gz');
    let before: Awaited<ReturnType<typeof ordersOf>>;
    // A secret sealed with the key the install made for itself opens after the restore.
    const sealed = app.secrets.seal('client secret', 'backup-test');
    try {
      before = await ordersOf(app);
      // The server keeps answering while the backup runs.
      const [result, during] = await Promise.all([
        cli('backup', [archive], { DATA_DIR: live }),
        call(app, 'GET', '/api/orders/1', { as: 'store' }),
      ]);
      expect(result.stdout).toContain('Backup of the running server');
      expect(during.statusCode).toBe(200);
    } finally {
      await app.close();
    }

    const restored = path.join(root, 'restored');
    const done = await cli('restore', [archive], { DATA_DIR: restored });
    expect(done.stdout).toContain(`into ${restored}`);
    expect(fs.readdirSync(restored).sort()).toEqual(['files', 'pgdata', 'secrets.key']);

    const copy = await start(restored);
    try {
      const after = await ordersOf(copy);
      expect(after.total).toBe(before.total);
      expect(after.data).toEqual(before.data);
      const download = await call(copy, 'GET', `/api/orders/1/documents/${documentId}`, { as: 'store' });
      expect(download.statusCode).toBe(200);
      expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
      expect(copy.secrets.open(sealed, 'backup-test')).toBe('client secret');
    } finally {
      await copy.close();
    }
  }, 180_000);

  it('restores only into an empty folder, and refuses a file that is not a backup', async () => {
    const junk = path.join(root, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not an archive');
    const full = path.join(root, 'full');
    fs.mkdirSync(full);
    fs.writeFileSync(path.join(full, 'keep.txt'), 'mine');
    await expect(cli('restore', [junk], { DATA_DIR: full })).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty'),
    });
    expect(fs.readdirSync(full)).toEqual(['keep.txt']);
    const empty = path.join(root, 'empty');
    await expect(cli('restore', [junk], { DATA_DIR: empty })).rejects.toMatchObject({
      stderr: expect.stringContaining('could not be read as a backup'),
    });
    expect(fs.readdirSync(empty)).toEqual([]);
  });
});
