import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const THROTTLE_WINDOW_MINUTES = 15;
/** Failed attempts for one e-mail from one client address within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
/** Failed attempts from one client address within the window, whatever the e-mail. */
export const MAX_FAILURES_PER_ADDRESS = 100;

const hash = (text: string) => createHash('sha256').update(text).digest('hex');
const keysOf = (email: string, address: string) => ({
  address: hash(`address\n${address}`),
  account: hash(`account\n${address}\n${email.trim().toLowerCase()}`),
});

interface Row extends Record<string, unknown> {
  key: string;
  count: number;
  retry_after: number;
}

/**
 * Sign-in throttling kept in the database, so every instance and a restart see the same counts.
 * Each attempt takes its place in both counters with one atomic upsert before the password is
 * checked: attempts that race are serialised by the row locks and each sees its own count, so
 * exactly the allowed number get through. A success gives its place back.
 */
export function createLoginThrottle(db: Db) {
  let lastSweep = 0;
  return {
    /** Counts an attempt; the seconds until the caller may try again when it is over a limit, else 0. */
    async attempt(email: string, address: string): Promise<number> {
      const keys = keysOf(email, address);
      const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
      const { rows } = await db.execute<Row>(sql`
        insert into login_attempts as a (key, count, window_start)
        values (${keys.address}, 1, now()), (${keys.account}, 1, now())
        on conflict (key) do update set
          count = case when a.window_start <= now() - ${window} then 1 else a.count + 1 end,
          window_start = case when a.window_start <= now() - ${window} then now() else a.window_start end
        returning key, count,
          greatest(1, ceil(extract(epoch from a.window_start + ${window} - now())))::int as retry_after`);
      const over = rows.filter((row) =>
        row.key === keys.account ? row.count > MAX_FAILURES_PER_ACCOUNT : row.count > MAX_FAILURES_PER_ADDRESS,
      );
      return Math.max(0, ...over.map((row) => row.retry_after));
    },

    /** A success never counts: it gives back its place and clears the e-mail's count for the address. */
    async succeeded(email: string, address: string): Promise<void> {
      const keys = keysOf(email, address);
      await db.execute(sql`
        with cleared as (delete from login_attempts where key = ${keys.account})
        update login_attempts set count = count - 1 where key = ${keys.address} and count > 0`);
      await sweep();
    },
  };

  /** Windows that have passed are of no use: drop them now and then. */
  async function sweep() {
    if (Date.now() - lastSweep < 60_000) return;
    lastSweep = Date.now();
    const window = sql.raw(`interval '${THROTTLE_WINDOW_MINUTES} minutes'`);
    await db.execute(sql`delete from login_attempts where window_start <= now() - ${window}`);
  }
}
