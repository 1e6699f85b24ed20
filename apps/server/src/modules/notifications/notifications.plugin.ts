import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { EventHub } from './events.hub.ts';
import { createMailer } from './mailer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live events of this instance (GET /api/events streams from it). */
    events: EventHub;
  }
}

/**
 * What notifications run beside their routes, started with the app: the event hub (it hears of every
 * event and hands each to the streams that may see it), the mailer (it sends the mail outbox, when
 * SMTP_URL is set) and the outbox's gauge on /api/metrics. Streams end before the server stops
 * accepting, so clients reconnect elsewhere at once; the mailer stops with the app.
 */
export default fp(
  async (app: FastifyInstance) => {
    const config = app.appConfig;
    const events = new EventHub(app.database, app.log);
    await events.start();
    app.decorate('events', events);
    app.addHook('preClose', () => events.stop());

    const mailer = config.SMTP_URL
      ? createMailer({
          pool: app.database.pool,
          smtpUrl: config.SMTP_URL,
          from: config.MAIL_FROM,
          publicUrl: config.PUBLIC_URL,
          retryBaseMs: config.MAIL_RETRY_SECONDS * 1000,
          log: app.log,
        })
      : undefined;
    if (mailer) {
      mailer.start();
      app.addHook('onClose', () => mailer.stop());
    } else {
      app.log.info('SMTP_URL is not set: notifications are not sent by e-mail');
    }

    new Gauge({
      name: 'wop_mail_outbox_backlog',
      help: 'E-mails waiting in the outbox',
      registers: [app.metrics],
      async collect() {
        const { rows } = await app.database.pool.query<{ n: number }>(
          'select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null',
        );
        this.set(rows[0].n);
      },
    });
  },
  { name: 'notifications', dependencies: ['db', 'metrics'] },
);
