import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir } from './lock.ts';

export interface EmbeddedServer {
  /** `pg` connection settings for the private socket. */
  connection: { host: string; port: number; user: string; database: string };
  /** Connections the app may pool: one, as queries and transactions must not interleave. */
  poolSize: number;
  /** A folder only this process can enter (the database socket lives there; so may a control socket). */
  privateDir: string;
  /** Copies the data directory, consistent as of one instant, to `target`. */
  snapshot(target: string): Promise<void>;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

/** Removes the socket folder of a run that died without cleaning up (only a `wop-pg-` folder in the temp dir). */
function removeOrphanSocketDir(record: string) {
  if (!fs.existsSync(record)) return;
  const orphan = fs.readFileSync(record, 'utf8').trim();
  if (path.dirname(orphan) === os.tmpdir() && path.basename(orphan).startsWith('wop-pg-')) {
    fs.rmSync(orphan, { recursive: true, force: true });
  }
  fs.rmSync(record, { force: true });
}

/** Locks DATA_DIR, starts PGlite on DATA_DIR/pgdata in a worker and serves it on a private socket. */
export async function startEmbedded(dataDir: string): Promise<EmbeddedServer> {
  const release = lockDataDir(dataDir);
  // PGlite runs one query at a time; the app uses ONE pooled connection (poolSize). pg-pool drops
  // a connection after any query error and connects again at once, before the socket server has
  // seen the old one close: one spare slot lets that reconnect in instead of failing with EPIPE.
  const poolSize = 1;
  const maxConnections = poolSize + 1;
  // A directory only this user can enter: the socket in it is reachable by this process alone. Its
  // name is kept in DATA_DIR, so the next start (which holds the lock, so the last owner is gone)
  // removes the one a crash left behind.
  const socketDirRecord = path.join(dataDir, 'socket-dir');
  removeOrphanSocketDir(socketDirRecord);
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-pg-'));
  fs.chmodSync(socketDir, 0o700);
  fs.writeFileSync(socketDirRecord, socketDir);
  const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
  const worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
    workerData: { dataDir: path.join(dataDir, 'pgdata'), socketPath, maxConnections },
  });
  const cleanup = () => {
    fs.rmSync(socketDir, { recursive: true, force: true });
    fs.rmSync(socketDirRecord, { force: true });
    release();
  };
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The embedded database stopped during start-up (code ${code}).`)));
      worker.on('message', (message: { type: string; message?: string }) => {
        if (message.type === 'ready') resolve();
        if (message.type === 'error') reject(new Error(`The embedded database could not start: ${message.message}`));
      });
    });
  } catch (error) {
    await worker.terminate();
    cleanup();
    throw error;
  }
  worker.removeAllListeners('exit');
  worker.removeAllListeners('error');
  worker.unref();
  let stopping: Promise<void> | undefined;
  return {
    connection: { host: socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
    poolSize,
    privateDir: socketDir,
    snapshot(target) {
      return new Promise<void>((resolve, reject) => {
        const onMessage = (message: { type: string; target?: string; error?: string }) => {
          if (message.type !== 'snapshot' || message.target !== target) return;
          worker.off('message', onMessage);
          if (message.error) reject(new Error(`The database snapshot failed: ${message.error}`));
          else resolve();
        };
        worker.on('message', onMessage);
        worker.postMessage({ snapshot: target });
      });
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        const done = () => {
          cleanup();
          resolve();
        };
        const timer = setTimeout(() => worker.terminate().finally(done), 10_000);
        worker.once('message', (message: { type: string }) => {
          if (message.type !== 'stopped') return;
          clearTimeout(timer);
          worker.terminate().finally(done);
        });
        worker.postMessage('stop');
      });
      return stopping;
    },
  };
}
