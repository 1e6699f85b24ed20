import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoUser, multipart } from '../../test/app.ts';
import { sleep, startSmtp, until } from '../../test/live.ts';
import { createMailer } from './mailer.ts';

const smtp = await startSmtp();
afterAll(() => smtp.stop());
const app = await createTestApp({
  SMTP_URL: smtp.url,
  PUBLIC_URL: 'https://orders.example.com',
  MAIL_FROM: 'Portal <portal@example.com>',
  MAIL_RETRY_SECONDS: '0.2',
});

async function createOrder(as: DemoUser, description = 'Frysdisken larmar hela tiden.') {
  const body = multipart({ description, worktype_id: 3, priority: 20 });
  const res = await call(app, 'POST', '/api/orders', { as, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; project_number: number };
}
const mailsTo = (email: string) => smtp.received.filter((m) => m.to === email);

describe('e-mail notifications', () => {
  it('mails every notification the recipient has switched on, in its language, with a link to the order', async () => {
    await call(app, 'POST', '/api/auth/login', { payload: { email: DEMO.director, password: 'demo1234' }, lang: 'sv' });
    const off = { order_created: false, approval: true, assigned: true, status: true, message: true };
    await call(app, 'PUT', '/api/profile/notifications', { as: 'chainAdmin', payload: { email: off, locale: 'en' } });
    const order = await createOrder('store');
    await until(() => mailsTo(DEMO.director).length === 1, 10_000, 'the mail');
    const [mail] = mailsTo(DEMO.director);
    expect(mail.subject).toBe(`Ny order ${order.project_number}`);
    expect(mail.language).toBe('sv');
    expect(mail.text).toContain('Frysdisken larmar hela tiden.');
    expect(mail.text).toContain(`https://orders.example.com/orders/${order.id}`);
    expect(mail.html).toContain(`href="https://orders.example.com/orders/${order.id}"`);
    await sleep(500);
    // chain-admin switched order e-mails off: told in the app, not by mail.
    expect(mailsTo(DEMO.chainAdmin)).toEqual([]);
    expect((await call(app, 'GET', '/api/notifications/unread-count', { as: 'chainAdmin' })).json().payload.count).toBe(
      1,
    );
  });

  it('loses nothing and sends nothing twice across an SMTP outage', async () => {
    await smtp.stop();
    const before = smtp.received.length;
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await createOrder('store', `Avbrott ${i}`));
    // Every mail has failed at least once while the server was away.
    const failed = async () =>
      (
        await app.db.execute<{ n: number }>(
          sql`select count(*)::int as n from mail_outbox where attempts > 0 and sent_at is null and last_error is not null`,
        )
      ).rows[0].n;
    const end = Date.now() + 10_000;
    while ((await failed()) < 4 && Date.now() < end) await sleep(100);
    expect(await failed()).toBe(4);
    await smtp.start();
    await until(() => smtp.received.length - before === 4, 20_000, 'the mails after the outage');
    await sleep(1500);
    const sent = smtp.received.slice(before);
    expect(sent.map((m) => m.text.split('\n')[0]).sort()).toEqual(
      orders.map((_, i) => expect.stringContaining(`Avbrott ${i}`)),
    );
    expect(new Set(sent.map((m) => m.messageId)).size).toBe(4);
  });
});

describe('the outbox with several workers and a restart in the middle', async () => {
  const slow = await startSmtp({ delayMs: 60 });
  afterAll(() => slow.stop());
  // No SMTP_URL: this instance keeps the outbox but sends nothing itself; the workers below do.
  const lines: string[] = [];
  const quiet = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (l) => lines.push(l) } },
  );
  const log = { warn() {}, error() {} };
  const worker = () =>
    createMailer({
      pool: quiet.database.pool,
      smtpUrl: slow.url,
      from: 'p@example.com',
      publicUrl: 'http://x.test',
      retryBaseMs: 200,
      pollMs: 50,
      log,
    });

  it('says once at start-up that no e-mail is sent without SMTP_URL', () => {
    expect(lines.filter((l) => l.includes('SMTP_URL is not set')).length).toBe(1);
  });

  it('sends each mail exactly once', async () => {
    for (let i = 0; i < 12; i++) {
      const body = multipart({ description: `Jobb ${i}`, worktype_id: 3, priority: 20 });
      await call(quiet, 'POST', '/api/orders', { as: 'store', payload: body.payload, headers: body.headers });
    }
    const { rows } = await quiet.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`);
    const total = rows[0].n;
    expect(total).toBe(24);
    const a = worker();
    const b = worker();
    a.start();
    b.start();
    await until(() => slow.received.length >= 5, 10_000, 'a few mails');
    await a.stop(); // an instance restarts while mails are on their way
    const a2 = worker();
    a2.start();
    await until(() => slow.received.length >= total, 20_000, 'every mail');
    await sleep(800);
    await Promise.all([a2.stop(), b.stop()]);
    expect(slow.received.length).toBe(total);
    expect(new Set(slow.received.map((m) => m.messageId)).size).toBe(total);
    const unsent = await quiet.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where sent_at is null`,
    );
    expect(unsent.rows[0].n).toBe(0);
  });
});
