import type { Database } from '../../db/client.ts';
import { keepListening, type Listening } from '../../db/listen.ts';
import type { AuthUser } from '../../lib/scope.ts';
import { EVENTS_CHANNEL } from './notify.ts';

/** How long events stay for `Last-Event-ID` replays. */
export const REPLAY_MS = 5 * 60_000;
const HEARTBEAT_MS = 25_000;
/** Without LISTEN/NOTIFY (the embedded database's socket does not pass notifications on): read this often. */
const EMBEDDED_POLL_MS = 150;

interface EventRow {
  id: number;
  type: string;
  user_id: number | null;
  chain_id: number | null;
  region_id: number | null;
  store_id: number | null;
  technician_id: number | null;
  data: unknown;
}

/** One open stream. `send` writes a whole SSE frame. */
export interface Subscriber {
  user: AuthUser;
  send(frame: string): void;
  end(frame: string): void;
}

interface Entry extends Subscriber {
  lastId: number;
  /** Live events arriving while a replay runs wait here, so ids stay in order. */
  pending?: EventRow[];
}

/** Whether a user hears of an event: its own notifications, and orders in its scope at that moment. */
function visible(user: AuthUser, e: EventRow): boolean {
  if (e.type === 'notification') return e.user_id === user.id;
  switch (user.role) {
    case 'super-admin':
    case 'admin':
      return true;
    case 'chain-admin':
      return e.chain_id !== null && user.chainIds.includes(e.chain_id);
    case 'regional-director':
      return e.region_id !== null && user.regionIds.includes(e.region_id);
    case 'store-manager':
      return e.store_id !== null && user.storeIds.includes(e.store_id);
    case 'technician':
      return e.technician_id === user.id;
  }
}

const frame = (e: EventRow) => `id: ${e.id}\nevent: ${e.type}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * Fans the database's event log out to the streams open on this instance. Every instance reads the
 * same `app_events` table; PostgreSQL wakes it with NOTIFY, the embedded database is polled.
 */
export class EventHub {
  private readonly subscribers = new Set<Entry>();
  private lastId = 0;
  private reading: Promise<void> | undefined;
  private again = false;
  private timers: NodeJS.Timeout[] = [];
  private listening: Listening | undefined;
  private stopped = false;

  private readonly database: Database;
  private readonly log: { warn(obj: unknown, msg: string): void };

  constructor(database: Database, log: { warn(obj: unknown, msg: string): void }) {
    this.database = database;
    this.log = log;
  }

  get size() {
    return this.subscribers.size;
  }

  async start() {
    const { rows } = await this.database.pool.query<{ id: number }>(
      'select coalesce(max(id), 0) as id from app_events',
    );
    this.lastId = rows[0].id;
    if (this.database.embedded) {
      this.timers.push(setInterval(() => this.wake(), EMBEDDED_POLL_MS));
    } else {
      this.listening = keepListening(
        this.database,
        EVENTS_CHANNEL,
        { notify: () => this.wake(), up: () => this.wake() },
        this.log,
      );
      // A missed notification (listener reconnecting) costs at most this long.
      this.timers.push(setInterval(() => this.wake(), 5_000));
    }
    this.timers.push(setInterval(() => this.heartbeat(), HEARTBEAT_MS));
    this.timers.push(setInterval(() => void this.prune(), 60_000));
    for (const timer of this.timers) timer.unref();
  }

  /** Reads new events (once at a time; a wake during a read reads again after it). */
  wake() {
    if (this.stopped) return;
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = this.read()
      .catch((error: Error) => this.log.warn({ err: error.message }, 'reading events failed'))
      .finally(() => {
        this.reading = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  private async read() {
    for (;;) {
      const { rows } = await this.database.pool.query<EventRow>(
        'select id, type, user_id, chain_id, region_id, store_id, technician_id, data from app_events where id > $1 order by id limit 500',
        [this.lastId],
      );
      for (const row of rows) this.dispatch(row);
      if (rows.length) this.lastId = rows[rows.length - 1].id;
      if (rows.length < 500) return;
    }
  }

  private dispatch(row: EventRow) {
    for (const s of this.subscribers) {
      if (s.pending) s.pending.push(row);
      else if (row.id > s.lastId && visible(s.user, row)) {
        s.lastId = row.id;
        s.send(frame(row));
      }
    }
  }

  /**
   * Opens a stream: replays what the user missed after `lastEventId` (within REPLAY_MS), then
   * goes on live. Returns the function that closes it.
   */
  async subscribe(subscriber: Subscriber, lastEventId?: number): Promise<() => void> {
    const entry: Entry = { ...subscriber, lastId: this.lastId };
    this.subscribers.add(entry);
    const close = () => {
      this.subscribers.delete(entry);
    };
    if (lastEventId === undefined || lastEventId >= this.lastId) return close;
    entry.pending = [];
    entry.lastId = lastEventId;
    try {
      const { rows } = await this.database.pool.query<EventRow>(
        `select id, type, user_id, chain_id, region_id, store_id, technician_id, data from app_events
         where id > $1 and created_at > now() - make_interval(secs => $2) order by id`,
        [lastEventId, REPLAY_MS / 1000],
      );
      const missed = [...rows, ...entry.pending];
      entry.pending = undefined;
      for (const row of missed) {
        if (row.id > entry.lastId && visible(entry.user, row)) {
          entry.lastId = row.id;
          entry.send(frame(row));
        }
      }
    } catch (error) {
      close();
      throw error;
    }
    return close;
  }

  private heartbeat() {
    for (const s of this.subscribers) s.send(': keep-alive\n\n');
  }

  private async prune() {
    await this.database.pool
      .query('delete from app_events where created_at < now() - make_interval(secs => $1)', [(2 * REPLAY_MS) / 1000])
      .catch(() => {});
  }

  /** Closes every stream with a hint to come back soon (another instance, or this one restarted). */
  async stop() {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const s of this.subscribers) s.end('retry: 2000\n\n');
    this.subscribers.clear();
    await this.reading;
    await this.listening?.stop();
  }
}
