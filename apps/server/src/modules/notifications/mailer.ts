import type { Locale } from '@wop/shared/constants';
import type { NotificationType } from '@wop/shared/notifications';
import nodemailer, { type Transporter } from 'nodemailer';
import type pg from 'pg';
import { type NotificationParams, renderMail } from './notifications.render.ts';

/** How long a claimed mail stays with its worker before another may take it (a crashed instance). */
const CLAIM_SECONDS = 120;
/** Retries stop this long after the change. */
const GIVE_UP_MS = 24 * 3600_000;
const MAX_BACKOFF_MS = 3600_000;
const BATCH = 20;

export interface MailerOptions {
  pool: pg.Pool;
  smtpUrl: string;
  from: string;
  publicUrl: string;
  /** First retry after this long, doubling up to an hour. */
  retryBaseMs: number;
  pollMs?: number;
  log: { warn(obj: unknown, msg: string): void; error(obj: unknown, msg: string): void };
}

interface Claimed {
  id: number;
  to_email: string;
  locale: Locale;
  attempts: number;
  created_at: Date;
  type: NotificationType;
  order_id: number;
  params: NotificationParams;
}

/**
 * Sends the outbox. Any number of workers (instances) may run: each claims rows with
 * `FOR UPDATE SKIP LOCKED`, and a row is marked sent right after the SMTP server accepts it.
 * Each mail carries a Message-ID derived from its outbox row, so even a crash between the two
 * leaves receiving systems able to drop the repeat.
 */
export function createMailer(options: MailerOptions) {
  const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
  const host = new URL(options.publicUrl).hostname || 'localhost';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopping = false;

  async function claim(): Promise<Claimed[]> {
    const { rows } = await options.pool.query<Claimed>(
      `with claimed as (
         update mail_outbox m set locked_until = now() + make_interval(secs => $1), attempts = m.attempts + 1
         where m.id in (
           select id from mail_outbox
           where sent_at is null and failed_at is null and next_attempt_at <= now()
             and (locked_until is null or locked_until < now())
           order by id limit $2 for update skip locked)
         returning m.*)
       select c.id, c.to_email, c.locale, c.attempts, c.created_at, n.type, n.order_id, n.params
       from claimed c join notifications n on n.id = c.notification_id order by c.id`,
      [CLAIM_SECONDS, BATCH],
    );
    return rows;
  }

  async function sendOne(mail: Claimed) {
    const content = renderMail(mail.locale, mail.type, mail.params, mail.order_id, options.publicUrl);
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.to_email,
        messageId: `<outbox-${mail.id}@${host}>`,
        ...content,
      });
      await options.pool.query('update mail_outbox set sent_at = now(), locked_until = null where id = $1', [mail.id]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const expired = Date.now() - new Date(mail.created_at).getTime() > GIVE_UP_MS;
      const delay = Math.min(options.retryBaseMs * 2 ** (mail.attempts - 1), MAX_BACKOFF_MS);
      await options.pool.query(
        `update mail_outbox set locked_until = null, last_error = $2,
           failed_at = case when $3 then now() end,
           next_attempt_at = now() + make_interval(secs => $4)
         where id = $1`,
        [mail.id, message.slice(0, 1000), expired, delay / 1000],
      );
      if (expired) options.log.error({ outbox: mail.id, err: message }, 'e-mail given up after 24 hours');
      else options.log.warn({ outbox: mail.id, attempt: mail.attempts, err: message }, 'e-mail not sent; will retry');
    }
  }

  /** Sends what is due; returns how many mails it handled. */
  async function runOnce(): Promise<number> {
    const batch = await claim();
    for (const [index, mail] of batch.entries()) {
      if (stopping) {
        // Hand the rest back at once instead of letting their claims run out.
        const rest = batch.slice(index).map((m) => m.id);
        await options.pool.query(
          'update mail_outbox set locked_until = null, attempts = attempts - 1 where id = any($1::bigint[])',
          [rest],
        );
        break;
      }
      await sendOne(mail);
    }
    return batch.length;
  }

  function schedule(ms: number) {
    if (stopping) return;
    timer = setTimeout(tick, ms);
    timer.unref();
  }

  function tick() {
    running = runOnce().catch((error: Error) => {
      options.log.warn({ err: error.message }, 'outbox worker failed; trying again');
      return 0;
    });
    void running.then((handled) => schedule(handled === BATCH ? 0 : (options.pollMs ?? 1000)));
  }

  return {
    runOnce,
    start() {
      stopping = false;
      schedule(0);
    },
    /** Waits for the mail being sent, hands back the rest of the batch. */
    async stop() {
      stopping = true;
      clearTimeout(timer);
      await running;
      transport.close();
    },
  };
}
export type Mailer = ReturnType<typeof createMailer>;
