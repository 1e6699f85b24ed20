import { WEBHOOK_RETRY_SECONDS } from '@wop/shared/webhooks';
import type pg from 'pg';
import { Webhook } from 'standardwebhooks';
import type { Secrets } from '../../lib/secrets.ts';
import { type SendResult, send } from './sender.ts';

/** The context a webhook's secret is sealed under: a sealed secret copied to another webhook does not open. */
export const secretContext = (webhookId: number) => `webhook:${webhookId}`;

/** A claim lasts the send's timeout and then some: a worker that died mid-send gives the message up then. */
const LEASE_MARGIN_SECONDS = 20;
/** A webhook failing this long (no delivery since) is turned off and its creator told. */
export const FAILING_DAYS = 5;
/** Messages and attempts are kept this long. */
const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;
/** On stop, sends under way get this long to end and be recorded before they are aborted and handed back. */
const STOP_GRACE_MS = 5000;
/**
 * A result the database could not take (an outage, a lost connection) is written again after these waits,
 * all well within the lease: the message is not sent a second time for want of its record.
 */
const RECORD_RETRY_MS = [100, 250, 500, 1000, 2000, 4000];

export interface DeliveryOptions {
  pool: pg.Pool;
  secrets: Secrets;
  allowPrivate: boolean;
  timeoutMs: number;
  /** Sends at once, over all webhooks. */
  concurrency: number;
  /** Sends at once to one webhook: a slow receiver holds at most this many of the pool's places. */
  perWebhook: number;
  pollMs: number;
  /** A webhook was turned off after failing for FAILING_DAYS: its creator is told. */
  onTurnedOff?: (webhook: { id: number; url: string; createdBy: number | null }) => Promise<void>;
  log: { warn(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
}

interface Claimed {
  id: number;
  webhook_id: number;
  msg_id: string;
  body: string;
  attempts: number;
  url: string;
  secret_sealed: string;
  previous_sealed: string | null;
}

interface Delivered {
  message: Claimed;
  result: SendResult;
  attemptedAt: Date;
  done: (error?: Error) => void;
}

/**
 * Sends the webhook outbox. Every instance runs one; they share the outbox through claims taken with
 * `FOR UPDATE SKIP LOCKED` (a message is held by one worker at a time, for its lease). The `webhook-id`
 * is the message's, so every retry carries the same one.
 */
export function createDeliveryWorker(options: DeliveryOptions) {
  const inflight = new Map<number, number>(); // webhook id -> sends under way
  const controllers = new Set<AbortController>();
  const sends = new Set<Promise<void>>();
  let running = 0;
  let timer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let claiming: Promise<void> | undefined;
  let again = false;
  let stopping = true;
  /** Deliveries waiting to be recorded, and whether a batch of them is being written. */
  const delivered: Delivered[] = [];
  let flushing = false;
  const leaseSeconds = Math.ceil(options.timeoutMs / 1000) + LEASE_MARGIN_SECONDS;

  async function claim(free: number): Promise<Claimed[]> {
    const busy = [...inflight.entries()];
    const { rows } = await options.pool.query<Claimed>(
      // The candidates are read without a lock, so that a backlog costs no row locks; only the chosen
      // are locked (others' claims skip them) and checked again as they are (a claim that committed
      // meanwhile has set their lease).
      `with due as (
         select m.id, m.webhook_id from webhook_messages m
         join webhooks w on w.id = m.webhook_id
         where m.status = 'pending' and m.next_attempt_at <= now()
           and (m.locked_until is null or m.locked_until < now())
           and (w.enabled or m.type = 'webhook.test')
           and m.webhook_id <> all ($3::int[])
         order by m.next_attempt_at
         limit $4),
       room as (select * from unnest($5::int[], $6::int[]) as b (webhook_id, room)),
       ranked as (
         select due.id, row_number() over (partition by due.webhook_id order by due.id) as n,
           coalesce((select room.room from room where room.webhook_id = due.webhook_id), $2) as room
         from due),
       chosen as (
         select m.id from webhook_messages m
         where m.id in (select id from ranked where n <= room order by id limit $1)
           and m.status = 'pending' and (m.locked_until is null or m.locked_until < now())
         for update skip locked)
       update webhook_messages m set locked_until = now() + make_interval(secs => $7), attempts = m.attempts + 1
       from chosen, webhooks w
       where m.id = chosen.id and w.id = m.webhook_id
       returning m.id, m.webhook_id, m.msg_id, m.body, m.attempts, w.url, w.secret_sealed,
         case when w.previous_secret_until > now() then w.previous_secret_sealed end as previous_sealed`,
      [
        free,
        options.perWebhook,
        busy.filter(([, n]) => n >= options.perWebhook).map(([id]) => id),
        Math.max(free * 4, 50),
        busy.map(([id]) => id),
        busy.map(([, n]) => Math.max(options.perWebhook - n, 0)),
        leaseSeconds,
      ],
    );
    return rows;
  }

  /** Runs `write` until it succeeds or RECORD_RETRY_MS is used up (then the lease hands the message on). */
  async function persist<T>(write: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await write();
      } catch (error) {
        const wait = RECORD_RETRY_MS[attempt];
        if (wait === undefined) throw error;
        options.log.warn({ err: (error as Error).message }, 'webhook result not recorded; trying again');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  function sign(message: Claimed, timestamp: Date): string {
    const sealed = [message.secret_sealed, ...(message.previous_sealed ? [message.previous_sealed] : [])];
    return sealed
      .map((one) =>
        new Webhook(options.secrets.open(one, secretContext(message.webhook_id))).sign(
          message.msg_id,
          timestamp,
          message.body,
        ),
      )
      .join(' ');
  }

  /**
   * Deliveries are recorded together: while one batch is written, the next gathers (a statement per batch,
   * not per send). A statement written again after a lost answer changes nothing twice: it only takes
   * messages still pending.
   */
  async function writeDelivered(batch: Delivered[]) {
    await persist(() =>
      options.pool.query(
        `with done as (
           select * from unnest($1::bigint[], $2::timestamptz[], $3::int[], $4::text[], $5::int[])
             as d (id, attempted_at, status_code, response, duration_ms)),
         message as (
           update webhook_messages m set status = 'delivered', locked_until = null, last_status = d.status_code,
             done_at = now()
           from done d where m.id = d.id and m.status = 'pending'
           returning m.id),
         attempt as (
           insert into webhook_attempts (message_id, attempted_at, status_code, response, duration_ms)
           select d.id, d.attempted_at, d.status_code, d.response, d.duration_ms from done d join message using (id))
         update webhooks set failing_since = null where id = any ($6::int[]) and failing_since is not null`,
        [
          batch.map((entry) => entry.message.id),
          batch.map((entry) => entry.attemptedAt.toISOString()),
          batch.map((entry) => entry.result.statusCode),
          batch.map((entry) => entry.result.response),
          batch.map((entry) => entry.result.durationMs),
          [...new Set(batch.map((entry) => entry.message.webhook_id))],
        ],
      ),
    );
  }

  function recordDelivered(message: Claimed, result: SendResult, attemptedAt: Date): Promise<void> {
    return new Promise((resolve, reject) => {
      delivered.push({ message, result, attemptedAt, done: (error) => (error ? reject(error) : resolve()) });
      if (!flushing) void flushDelivered();
    });
  }

  async function flushDelivered() {
    flushing = true;
    while (delivered.length > 0) {
      const batch = delivered.splice(0);
      try {
        await writeDelivered(batch);
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error as Error);
      }
    }
    flushing = false;
  }

  /** Records an attempt: a delivery with others (recordDelivered), a failure on its own. */
  async function record(message: Claimed, result: SendResult, attemptedAt: Date) {
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    if (ok) return recordDelivered(message, result, attemptedAt);
    const gone = result.statusCode === 410;
    const wait = WEBHOOK_RETRY_SECONDS[message.attempts - 1];
    const outcome = gone || wait === undefined ? 'failed' : 'pending';
    const { rows } = await persist(() =>
      options.pool.query<{ turned_off: boolean; url: string; created_by: number | null }>(
        `with attempt as (
           insert into webhook_attempts (message_id, attempted_at, status_code, error, response, duration_ms)
           values ($1, $2, $3, $4, $5, $6)),
         message as (
           update webhook_messages set status = $7::varchar, locked_until = null, last_status = $3,
             next_attempt_at = case when $7::varchar = 'pending' then now() + make_interval(secs => $8) else next_attempt_at end,
             done_at = case when $7::varchar = 'pending' then null else now() end
           where id = $1)
         update webhooks w set
           failing_since = coalesce(w.failing_since, $2),
           enabled = case when $9 or w.failing_since < now() - make_interval(days => $10) then false else w.enabled end,
           disabled_reason = case when $9 then 'gone'
             when w.failing_since < now() - make_interval(days => $10) then 'failing' else w.disabled_reason end
         where w.id = $11
         returning (w.enabled = false and w.disabled_reason = 'failing'
           and (select x.enabled from webhooks x where x.id = w.id)) as turned_off, w.url, w.created_by`,
        [
          message.id,
          attemptedAt,
          result.statusCode,
          result.error,
          result.response,
          result.durationMs,
          outcome,
          wait ?? 0,
          gone,
          FAILING_DAYS,
          message.webhook_id,
        ],
      ),
    );
    const turnedOff = rows[0]?.turned_off;
    if (gone) options.log.info({ webhook: message.webhook_id }, 'webhook turned off: the receiver answered 410 Gone');
    if (turnedOff) {
      options.log.warn({ webhook: message.webhook_id }, `webhook turned off after failing for ${FAILING_DAYS} days`);
      await options.onTurnedOff?.({ id: message.webhook_id, url: rows[0].url, createdBy: rows[0].created_by });
    }
  }

  /** Sends one message and records the attempt; `sent` frees its place once the send has ended. */
  async function deliver(message: Claimed, sent: () => void) {
    const controller = new AbortController();
    controllers.add(controller);
    try {
      const attemptedAt = new Date();
      let signature: string;
      try {
        signature = sign(message, attemptedAt);
      } catch {
        // A secret sealed under a key this instance lacks (SECRETS_KEY changed without SECRETS_KEY_PREVIOUS).
        await record(
          message,
          { statusCode: null, error: 'secret_unreadable', response: null, durationMs: 0 },
          attemptedAt,
        );
        return;
      }
      const headers = {
        'webhook-id': message.msg_id,
        'webhook-timestamp': String(Math.floor(attemptedAt.getTime() / 1000)),
        'webhook-signature': signature,
        'user-agent': 'wop-webhooks/1',
      };
      const result = await send(message.url, headers, message.body, {
        allowPrivate: options.allowPrivate,
        timeoutMs: options.timeoutMs,
        signal: controller.signal,
      });
      if (controller.signal.aborted) {
        // Stopping: hand the message back at once, as if this attempt had not begun.
        await persist(() =>
          options.pool.query('update webhook_messages set locked_until = null, attempts = attempts - 1 where id = $1', [
            message.id,
          ]),
        );
        return;
      }
      // The next message may go while this one is recorded (its lease keeps it from other claims meanwhile).
      sent();
      await record(message, result, attemptedAt);
    } finally {
      controllers.delete(controller);
    }
  }

  function start(message: Claimed) {
    running++;
    inflight.set(message.webhook_id, (inflight.get(message.webhook_id) ?? 0) + 1);
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      running--;
      const left = (inflight.get(message.webhook_id) ?? 1) - 1;
      if (left > 0) inflight.set(message.webhook_id, left);
      else inflight.delete(message.webhook_id);
      poke();
    };
    const task = deliver(message, free)
      .catch((error: Error) =>
        options.log.warn({ webhook: message.webhook_id, err: error.message }, 'webhook send failed'),
      )
      .finally(() => {
        free();
        sends.delete(task);
      });
    sends.add(task);
  }

  async function fill() {
    do {
      again = false;
      const free = options.concurrency - running;
      if (stopping || free <= 0) return;
      const batch = await claim(free);
      for (const message of batch) start(message);
      if (batch.length === free) again = true;
    } while (again && !stopping);
  }

  /** Claims what is due now (after a send ends, a test is queued, or on the poll). */
  function poke() {
    if (stopping) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = fill()
      .catch((error: Error) => options.log.warn({ err: error.message }, 'webhook outbox claim failed; trying again'))
      .finally(() => {
        claiming = undefined;
      });
  }

  async function prune() {
    await options.pool.query(
      `delete from webhook_messages where status <> 'pending' and created_at < now() - make_interval(days => $1)`,
      [KEEP_DAYS],
    );
    await options.pool.query(`delete from webhook_attempts where attempted_at < now() - make_interval(days => $1)`, [
      KEEP_DAYS,
    ]);
  }

  return {
    poke,
    prune,
    /** Sends under way in this worker. */
    get running() {
      return running;
    },
    start() {
      stopping = false;
      timer = setInterval(poke, options.pollMs);
      timer.unref();
      const pruneSafely = () =>
        prune().catch((error: Error) => options.log.warn({ err: error.message }, 'webhook prune failed'));
      pruneTimer = setInterval(pruneSafely, PRUNE_EVERY_MS);
      pruneTimer.unref();
      void pruneSafely();
      poke();
    },
    /**
     * Stops claiming and lets the sends under way end and be recorded (a receiver that had the message is
     * not sent it again by another instance); those still waiting after STOP_GRACE_MS are aborted and
     * their messages handed back.
     */
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearInterval(pruneTimer);
      await claiming;
      const grace = setTimeout(
        () => {
          for (const controller of controllers) controller.abort();
        },
        Math.min(STOP_GRACE_MS, options.timeoutMs),
      );
      await Promise.all([...sends]);
      clearTimeout(grace);
    },
  };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
