// Backups of the embedded install: one .tar.gz with the database files (pgdata/) and the uploaded
// files (files/, with local storage), taken while the server runs. A running server answers on a
// Unix socket in its private folder, whose path it writes to DATA_DIR/backup.address; only the
// user that runs the server can reach it.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as tar from 'tar';
import type { Database } from '../db/client.ts';
import { KEY_FILE } from './secrets.ts';

export const MANIFEST = 'backup.json';
export const addressFile = (dataDir: string) => path.join(dataDir, 'backup.address');

interface Manifest {
  format: 1;
  created_at: string;
  /** `local`: the archive holds the files; `s3`: they are in the bucket, backed up on their own. */
  file_storage: 'local' | 's3';
}

/** Hard-links every stored file (not `.part` ones) into `target`: instant, and immune to later removals. */
async function linkFiles(source: string, target: string) {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(source, { withFileTypes: true, recursive: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(target, path.relative(source, from));
    await fsp.mkdir(path.dirname(to), { recursive: true });
    await fsp.link(from, to);
  }
}

/** The key the embedded mode made for its sealed secrets (lib/secrets.ts): without it they cannot be read. */
function copySecretsKey(dataDir: string, staging: string) {
  const key = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(key)) fs.copyFileSync(key, path.join(staging, KEY_FILE));
}

function writeManifest(folder: string, fileStorage: 'local' | 's3') {
  const manifest: Manifest = { format: 1, created_at: new Date().toISOString(), file_storage: fileStorage };
  fs.writeFileSync(path.join(folder, MANIFEST), JSON.stringify(manifest, null, 2));
}

const archive = (cwd: string) =>
  tar.c({ gzip: true, cwd, portable: true }, fs.readdirSync(cwd).sort()) as unknown as Readable;

/**
 * Serves backups from the running server: the database snapshot and the hard links of the files are
 * taken with file removals held back, so every row in the archive finds its file.
 */
export const serveBackups = fp(
  async (app: FastifyInstance, { database }: { database: Database }) => {
    const { DATA_DIR, FILE_STORAGE } = app.appConfig;
    const snapshot = database.snapshot;
    if (!snapshot || !database.privateDir) return;
    const tmp = path.join(DATA_DIR, 'tmp');
    // Staging folders of a backup that a crash interrupted.
    for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : []) {
      if (name.startsWith('backup-')) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
    }

    async function stage(): Promise<string> {
      const staging = path.join(tmp, `backup-${randomUUID()}`);
      await fsp.mkdir(staging, { recursive: true });
      const release = app.storage.holdRemovals();
      try {
        await snapshot?.(path.join(staging, 'pgdata'));
        if (FILE_STORAGE === 'local') await linkFiles(path.join(DATA_DIR, 'files'), path.join(staging, 'files'));
        copySecretsKey(DATA_DIR, staging);
      } catch (error) {
        await fsp.rm(staging, { recursive: true, force: true });
        throw error;
      } finally {
        await release();
      }
      writeManifest(staging, FILE_STORAGE);
      return staging;
    }

    const socketPath = path.join(database.privateDir, 'backup.sock');
    const server = net.createServer((socket) => {
      socket.once('data', async () => {
        let staging: string | undefined;
        try {
          staging = await stage();
          socket.write('ok\n');
          await pipeline(archive(staging), socket);
          app.log.info('backup written');
        } catch (error) {
          app.log.error({ err: error }, 'backup failed');
          if (!socket.destroyed) socket.end(`error ${(error as Error).message}\n`);
        } finally {
          if (staging) await fsp.rm(staging, { recursive: true, force: true });
        }
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.writeFileSync(addressFile(DATA_DIR), socketPath);
    app.addHook('onClose', async () => {
      fs.rmSync(addressFile(DATA_DIR), { force: true });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  },
  { name: 'backups' },
);

/** Asks the server running on `dataDir` for a backup and writes it to `file`. False when none runs. */
export async function backupFromServer(dataDir: string, file: string): Promise<boolean> {
  let socketPath: string;
  try {
    socketPath = fs.readFileSync(addressFile(dataDir), 'utf8');
  } catch {
    return false;
  }
  const socket = net.connect(socketPath);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
  } catch {
    return false; // an address left by a server that is gone
  }
  socket.write('backup\n');
  // The first line says whether the archive follows.
  const first = await new Promise<Buffer>((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.includes(10)) {
        socket.off('data', onData);
        socket.pause();
        resolve(buffered);
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.once('end', () => resolve(buffered));
  });
  const newline = first.indexOf(10);
  const status = first.subarray(0, newline).toString();
  if (status !== 'ok') throw new Error(`The server could not write the backup: ${status.replace(/^error /, '')}`);
  const out = fs.createWriteStream(file);
  out.write(first.subarray(newline + 1));
  await pipeline(socket, out);
  return true;
}

/** Backs up a stopped install straight from its folder (the caller holds the folder's lock). */
export async function backupFromFolder(dataDir: string, file: string, fileStorage: 'local' | 's3'): Promise<void> {
  const staging = path.join(dataDir, 'tmp', `backup-${randomUUID()}`);
  await fsp.mkdir(staging, { recursive: true });
  try {
    fs.cpSync(path.join(dataDir, 'pgdata'), path.join(staging, 'pgdata'), { recursive: true });
    if (fileStorage === 'local') await linkFiles(path.join(dataDir, 'files'), path.join(staging, 'files'));
    copySecretsKey(dataDir, staging);
    writeManifest(staging, fileStorage);
    await pipeline(archive(staging), fs.createWriteStream(file));
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {}

/** Fills an empty (or missing) `dataDir` from an archive; a failed restore leaves it empty again. */
export async function restore(file: string, dataDir: string): Promise<Manifest> {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new RestoreError(`${dataDir} is not empty: restore only fills an empty data folder.`);
  }
  if (!fs.existsSync(file)) throw new RestoreError(`No such backup file: ${file}`);
  await fsp.mkdir(dataDir, { recursive: true });
  try {
    await tar.x({ file, cwd: dataDir, strict: true });
    const manifestPath = path.join(dataDir, MANIFEST);
    if (!fs.existsSync(manifestPath) || !fs.existsSync(path.join(dataDir, 'pgdata'))) {
      throw new RestoreError(`${file} is not a backup of this product.`);
    }
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
    fs.rmSync(manifestPath);
    return manifest;
  } catch (error) {
    for (const name of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    if (error instanceof RestoreError) throw error;
    throw new RestoreError(`${file} could not be read as a backup: ${(error as Error).message}`);
  }
}
