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
  const leaseSeconds = Math.ceil(options.timeoutMs / 1000) + LEASE_MARGIN_SECONDS;

  async function claim(free: number): Promise<Claimed[]> {
    const busy = [...inflight.entries()];
    const { rows } = await options.pool.query<Claimed>(
      `with due as (
         select m.id, m.webhook_id from webhook_messages m
         join webhooks w on w.id = m.webhook_id
         where m.status = 'pending' and m.next_attempt_at <= now()
           and (m.locked_until is null or m.locked_until < now())
           and (w.enabled or m.type = 'webhook.test')
           and m.webhook_id <> all ($3::int[])
         order by m.next_attempt_at
         limit $4
         for update of m skip locked),
       room as (select * from unnest($5::int[], $6::int[]) as b (webhook_id, room)),
       ranked as (
         select due.id, row_number() over (partition by due.webhook_id order by due.id) as n,
           coalesce((select room.room from room where room.webhook_id = due.webhook_id), $2) as room
         from due),
       chosen as (select id from ranked where n <= room order by id limit $1)
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

  async function record(message: Claimed, result: SendResult, attemptedAt: Date) {
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    const wait = WEBHOOK_RETRY_SECONDS[message.attempts - 1];
    const outcome = ok ? 'delivered' : gone || wait === undefined ? 'failed' : 'pending';
    const { rows } = await options.pool.query<{ turned_off: boolean; url: string; created_by: number | null }>(
      `with attempt as (
         insert into webhook_attempts (message_id, attempted_at, status_code, error, response, duration_ms)
         values ($1, $2, $3, $4, $5, $6)),
       message as (
         update webhook_messages set status = $7::varchar, locked_until = null, last_status = $3,
           next_attempt_at = case when $7::varchar = 'pending' then now() + make_interval(secs => $8) else next_attempt_at end,
           done_at = case when $7::varchar = 'pending' then null else now() end
         where id = $1)
       update webhooks w set
         failing_since = case when $9 then null else coalesce(w.failing_since, $2) end,
         enabled = case when $10 or (not $9 and w.failing_since < now() - make_interval(days => $11)) then false else w.enabled end,
         disabled_reason = case when $10 then 'gone'
           when not $9 and w.failing_since < now() - make_interval(days => $11) then 'failing' else w.disabled_reason end
       where w.id = $12
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
        ok,
        gone,
        FAILING_DAYS,
        message.webhook_id,
      ],
    );
    const turnedOff = rows[0]?.turned_off;
    if (gone) options.log.info({ webhook: message.webhook_id }, 'webhook turned off: the receiver answered 410 Gone');
    if (turnedOff) {
      options.log.warn({ webhook: message.webhook_id }, `webhook turned off after failing for ${FAILING_DAYS} days`);
      await options.onTurnedOff?.({ id: message.webhook_id, url: rows[0].url, createdBy: rows[0].created_by });
    }
  }

  async function deliver(message: Claimed) {
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
        await options.pool.query(
          'update webhook_messages set locked_until = null, attempts = attempts - 1 where id = $1',
          [message.id],
        );
        return;
      }
      await record(message, result, attemptedAt);
    } finally {
      controllers.delete(controller);
    }
  }

  function start(message: Claimed) {
    running++;
    inflight.set(message.webhook_id, (inflight.get(message.webhook_id) ?? 0) + 1);
    const task = deliver(message)
      .catch((error: Error) =>
        options.log.warn({ webhook: message.webhook_id, err: error.message }, 'webhook send failed'),
      )
      .finally(() => {
        running--;
        const left = (inflight.get(message.webhook_id) ?? 1) - 1;
        if (left > 0) inflight.set(message.webhook_id, left);
        else inflight.delete(message.webhook_id);
        sends.delete(task);
        poke();
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
    /** Stops claiming, aborts the sends under way and hands their messages back. */
    async stop() {
      stopping = true;
      clearInterval(timer);
      clearInterval(pruneTimer);
      await claiming;
      for (const controller of controllers) controller.abort();
      await Promise.all([...sends]);
    },
  };
}
export type DeliveryWorker = ReturnType<typeof createDeliveryWorker>;
