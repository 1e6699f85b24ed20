// Nothing lost, nothing sent twice: a receiver hears every event once while an instance is stopped in the
// middle of its sends and started again, and while the database drops every connection. On PostgreSQL two
// instances share one database (and the outbox); the embedded database is one process, so there its one
// instance is the one restarted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { call, createTestConfig, tokenFor } from '../../test/app.ts';
import { startReceiver, until } from '../../test/webhook-receiver.ts';

const shared = Boolean(process.env.DATABASE_URL);
/** Generous: the machine running this may be loaded. */
const EVENTUALLY_MS = 90_000;

const receiver = await startReceiver();
let config: Config;
/** The instances running now: on PostgreSQL [steady, restarted], embedded [restarted]. */
const instances: App[] = [];
let token: string;
let webhookId: number;
const start = () => buildApp(config, { logger: false });

beforeAll(async () => {
  // Everything here shares one process, whose event loop a loaded machine may stall for seconds: a send
  // outlasting its timeout that way would rightly be sent again. A long timeout keeps that out.
  config = await createTestConfig({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_TIMEOUT_SECONDS: '30' });
  instances.push(await start());
  if (shared) instances.push(await start());
  token = await tokenFor(instances[0], 'admin');
  const res = await call(instances[0], 'POST', '/api/webhooks', {
    token,
    payload: { url: `${receiver.url}/all`, events: ['message.created'], chain_id: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  webhookId = res.json().payload.id;
  receiver.secrets.set('/all', res.json().payload.secret);
  // Each answer takes a while, so that sends are under way when an instance stops.
  receiver.delays.set('/all', 400);
}, 180_000);
afterAll(async () => {
  await Promise.all(instances.map((app) => app.close()));
  await receiver.close();
});

const sent: string[] = [];
/**
 * One chat message (a `message.created` event) through `app`. Not through `call`: its first use on an app
 * reads the whole API document, seconds of work that would stall the sends under way.
 */
async function postOne(app: App, body: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/orders/1/messages',
    headers: { authorization: `Bearer ${token}` },
    payload: { body },
  });
  expect(res.statusCode, res.body).toBe(201);
  sent.push(body);
}
/** `count` chat messages, spread over `through` (all instances by default). */
async function post(count: number, label: string, through = instances) {
  for (let i = 0; i < count; i++) await postOne(through[i % through.length], `${label} #${i}`);
}
/** Posts through the first instance until `busy` has sends under way (checked after each). */
async function postUntilSending(busy: () => number, label: string) {
  for (let i = 0; busy() === 0; i++) {
    expect(i, 'no send under way after 300 events').toBeLessThan(300);
    await postOne(instances[0], `${label} #${i}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until every message is recorded as delivered; then nothing more can be sent. */
async function allDelivered() {
  const pool = instances[0].database.pool;
  await until(
    async () =>
      (
        await pool.query<{ pending: number; delivered: number }>(
          `select count(*) filter (where status <> 'delivered')::int as pending,
             count(*) filter (where status = 'delivered')::int as delivered
           from webhook_messages where webhook_id = $1`,
          [webhookId],
        )
      ).rows[0],
    (counts) => counts.pending === 0 && counts.delivered === sent.length,
    EVENTUALLY_MS,
  );
}

/** What the receiver heard: each message body once, each under its own webhook-id, every signature good. */
async function expectEachOnce() {
  const heard = receiver.received.filter((r) => r.path === '/all');
  expect(heard.every((r) => r.verified)).toBe(true);
  const ids = heard.map((r) => r.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  // A message sent again shows why in its attempts (a timeout: the answer came later than the timeout).
  const { rows: attempts } = await instances[0].database.pool.query(
    `select m.msg_id, a.attempted_at, a.status_code, a.error, a.duration_ms from webhook_messages m
     join webhook_attempts a on a.message_id = m.id where m.msg_id = any ($1) order by a.id`,
    [twice],
  );
  expect(twice, `sent twice: ${JSON.stringify(attempts)}`).toEqual([]);
  const bodies = heard.map((r) => (JSON.parse(r.body) as { data: { message: { body: string } } }).data.message.body);
  expect(bodies.sort()).toEqual([...sent].sort());
}

describe('webhook delivery across a restart and a database outage', () => {
  it('delivers every event once while an instance is stopped in the middle of its sends and started again', async () => {
    await post(12, 'before');
    const restarted = instances.length - 1;
    // Stopped while it has sends under way: they end and are recorded, or are handed back.
    await postUntilSending(() => instances[restarted].webhookWorker.running, 'until it sends');
    await instances[restarted].close();
    if (shared) {
      await post(12, 'while one instance is down', [instances[0]]);
      // Starting an app is seconds of work on a loaded machine, stalling this process: no send is under way then.
      await allDelivered();
    }
    instances[restarted] = await start();
    await post(12, 'after');
    await allDelivered();
    await expectEachOnce();
  }, 240_000);

  it.skipIf(!shared)(
    'delivers every event once when the database drops every connection mid-way',
    async () => {
      const pool = instances[0].database.pool;
      await post(12, 'before the outage');
      await postUntilSending(() => instances.reduce((sum, app) => sum + app.webhookWorker.running, 0), 'until sending');
      // Every connection of this database goes, this one included, while sends are under way.
      await pool
        .query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database()')
        .catch(() => undefined);
      // Back when each instance can reach the database again.
      for (const app of instances) {
        await until(
          () =>
            app.database.pool.query('select 1').then(
              () => true,
              () => false,
            ),
          (ok) => ok,
          EVENTUALLY_MS,
        );
      }
      await post(12, 'after the outage');
      await allDelivered();
      await expectEachOnce();
    },
    240_000,
  );
});
