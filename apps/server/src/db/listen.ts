import pg from 'pg';
import type { Database } from './client.ts';

export interface Listening {
  stop(): Promise<void>;
}

/**
 * Keeps one connection LISTENing on `channel` of the PostgreSQL database, and connects again a
 * second after it is lost. `down` is told at once of a loss, `up` once listening again: what was
 * sent in between never arrives. (The embedded database's socket passes no notifications on.)
 */
export function keepListening(
  database: Database,
  channel: string,
  on: { notify(payload: string): void; up?(): void; down?(): void },
  log: { warn(obj: unknown, msg: string): void },
): Listening {
  let client: pg.Client | undefined;
  let stopped = false;

  const connect = async () => {
    const next = new pg.Client({ ...database.pool.options, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    let lost = false;
    const lose = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) {
        client = undefined;
        on.down?.();
      }
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error?.message ?? 'connection ended', channel }, 'listener lost its connection; reconnecting');
      setTimeout(() => void connect(), 1_000).unref();
    };
    next.on('notification', (message) => on.notify(message.payload ?? ''));
    next.on('error', lose);
    next.on('end', () => lose());
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      lose(error as Error);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    on.up?.();
  };

  const started = connect();
  return {
    async stop() {
      stopped = true;
      await started;
      await client?.end().catch(() => {});
    },
  };
}
