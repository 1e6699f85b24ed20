// Runs PGlite off the main thread and serves it on a private Unix socket, so the app talks
// to it with `pg` exactly as to a PostgreSQL server and a long query never blocks the event loop.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface WorkerInput {
  dataDir: string;
  socketPath: string;
  maxConnections: number;
}

const { dataDir, socketPath, maxConnections } = workerData as WorkerInput;

async function main() {
  const db = await PGlite.create({
    dataDir,
    extensions: { pg_trgm, btree_gin },
    // Without a checkpointer process (single-user mode) WAL only shrinks at a CHECKPOINT;
    // keep the recycled segments few.
    postgresqlconf: ['max_wal_size = 64MB', 'min_wal_size = 32MB'],
  });
  const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections });
  await server.start();
  parentPort?.on('message', async (message: unknown) => {
    if (typeof message === 'object' && message && 'snapshot' in message) {
      // A copy of the data directory taken while no query runs (this thread runs them) is what a
      // crash at that instant would leave: PostgreSQL recovers it to the last commit. The
      // checkpoint first keeps the WAL to replay short.
      const target = String(message.snapshot);
      try {
        await db.exec('CHECKPOINT');
        fs.cpSync(dataDir, target, { recursive: true });
        parentPort?.postMessage({ type: 'snapshot', target });
      } catch (error) {
        parentPort?.postMessage({
          type: 'snapshot',
          target,
          error: error instanceof Error ? error.message : String(error),
        });
      }
      return;
    }
    if (message !== 'stop') return;
    try {
      await server.stop();
      await db.exec('CHECKPOINT');
      await db.close();
    } finally {
      parentPort?.postMessage({ type: 'stopped' });
    }
  });
  parentPort?.postMessage({ type: 'ready' });
}

main().catch((error: unknown) => {
  parentPort?.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
});
