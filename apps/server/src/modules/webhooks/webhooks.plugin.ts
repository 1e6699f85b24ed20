import { isLocale } from '@wop/shared/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { Gauge } from 'prom-client';
import { translate } from '../../i18n/index.ts';
import { createDeliveryWorker, type DeliveryWorker, FAILING_DAYS } from './delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's webhook sender (`poke()` claims what is due at once). */
    webhookWorker: DeliveryWorker;
  }
}

/** How often each instance looks for messages due (a change on any instance is sent within this). */
const POLL_MS = 200;

/**
 * The webhook sender, started with the app on every instance (they share the outbox), stopped with it:
 * the sends under way are aborted and their messages handed back to the outbox for another worker.
 */
export default fp(
  async (app: FastifyInstance) => {
    const config = app.appConfig;
    const transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
    const worker = createDeliveryWorker({
      pool: app.database.pool,
      secrets: app.secrets,
      allowPrivate: config.WEBHOOK_ALLOW_PRIVATE,
      timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
      concurrency: config.WEBHOOK_CONCURRENCY,
      perWebhook: Math.max(1, Math.floor(config.WEBHOOK_CONCURRENCY / 4)),
      pollMs: POLL_MS,
      log: app.log,
      /** Its creator hears of it by e-mail, in their language. */
      async onTurnedOff(webhook) {
        if (!transport || webhook.createdBy === null) return;
        const { rows } = await app.database.pool.query<{ email: string; locale: string | null }>(
          `select u.email, ns.locale from users u left join notification_settings ns on ns.user_id = u.id
           where u.id = $1`,
          [webhook.createdBy],
        );
        if (!rows[0]) return;
        const locale = isLocale(rows[0].locale) ? rows[0].locale : 'en';
        const params = { url: webhook.url, days: FAILING_DAYS, link: `${config.PUBLIC_URL}/webhooks` };
        try {
          await transport.sendMail({
            from: config.MAIL_FROM,
            to: rows[0].email,
            subject: translate(locale, 'webhooks.turned_off_subject', params),
            text: translate(locale, 'webhooks.turned_off_text', params),
          });
        } catch (error) {
          app.log.warn({ webhook: webhook.id, err: (error as Error).message }, 'webhook turned off: e-mail not sent');
        }
      },
    });
    app.decorate('webhookWorker', worker);
    worker.start();
    app.addHook('onClose', async () => {
      await worker.stop();
      transport?.close();
    });

    new Gauge({
      name: 'wop_webhook_outbox_backlog',
      help: 'Webhook messages waiting to be delivered',
      registers: [app.metrics],
      async collect() {
        const { rows } = await app.database.pool.query<{ n: number }>(
          `select count(*)::int as n from webhook_messages where status = 'pending'`,
        );
        this.set(rows[0].n);
      },
    });
  },
  { name: 'webhooks', dependencies: ['db', 'metrics'] },
);
