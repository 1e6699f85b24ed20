// The outbox across instances: a new instance sends what a stopped one left, a claim left by a worker
// that died runs out and the message goes (with the same webhook-id), and workers sharing the outbox
// never send a message twice. On PostgreSQL the two are whole apps; the embedded database is one
// process, so there the second worker shares the first app's database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { newSecretsKey } from '../../lib/secrets.ts';
import { call, createTestApp, multipart, tokenFor } from '../../test/app.ts';
import { startReceiver, until } from '../../test/webhook-receiver.ts';
import { createDeliveryWorker } from './delivery.ts';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const secretsKey = newSecretsKey();
const first = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', SECRETS_KEY: secretsKey });
const onPostgres = Boolean(first.appConfig.DATABASE_URL);
beforeAll(() => tokenFor(first, 'admin'), 180_000);

/** Another instance on the same database (PostgreSQL), or the same app started again on its data (embedded). */
async function another(): Promise<App> {
  const dataDir = onPostgres ? fs.mkdtempSync(path.join(os.tmpdir(), 'wop-instance-')) : first.appConfig.DATA_DIR;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: first.appConfig.DATABASE_URL,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SECRETS_KEY: secretsKey,
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  return buildApp(config, { logger: false });
}

async function createOrder(app: App) {
  const res = await call(app, 'POST', '/api/orders', {
    as: 'admin',
    ...multipart({ description: 'Door stuck', worktype_id: 1, priority: 20, store_id: 1, chain_id: 1 }),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function createWebhook(app: App, at: string) {
  const res = await call(app, 'POST', '/api/webhooks', {
    as: 'admin',
    payload: { url: `${receiver.url}${at}`, events: ['order.created'], chain_id: 1 },
  });
  expect(res.statusCode, res.body).toBe(201);
  receiver.secrets.set(at, res.json().payload.secret);
  return res.json().payload.id as number;
}

const to = (at: string) => receiver.received.filter((r) => r.path === at);

describe('the outbox across instances', () => {
  it('hands a send under way back when an instance stops; the next instance sends it, same webhook-id', async () => {
    const hook = await createWebhook(first, '/restart');
    receiver.answers.set('/restart', 'hang');
    await createOrder(first);
    await until(
      () => to('/restart').length,
      (n) => n === 1,
    );
    await first.close();
    if (onPostgres) {
      const pool = new pg.Pool({ connectionString: first.appConfig.DATABASE_URL, max: 1 });
      const { rows } = await pool.query(
        `select status, attempts, locked_until from webhook_messages where webhook_id = $1`,
        [hook],
      );
      await pool.end();
      expect(rows).toEqual([{ status: 'pending', attempts: 0, locked_until: null }]);
    }
    receiver.answers.set('/restart', 200);
    const second = await another();
    try {
      await until(
        () => to('/restart').length,
        (n) => n === 2,
      );
      expect(to('/restart')[1].id).toBe(to('/restart')[0].id);
      expect(to('/restart').every((r) => r.verified)).toBe(true);
      await until(
        async () =>
          (await second.database.pool.query(`select status from webhook_messages where webhook_id = $1`, [hook])).rows,
        (r) => r[0]?.status === 'delivered',
      );
      // The send cut short by the stop is no attempt: one attempt, delivered.
      const { rows: log } = await second.database.pool.query(
        `select a.status_code from webhook_attempts a join webhook_messages m on m.id = a.message_id
         where m.webhook_id = $1`,
        [hook],
      );
      expect(log).toEqual([{ status_code: 200 }]);

      // A worker that died mid-send left its claim: the message goes once the claim runs out.
      await createOrder(second);
      await until(
        () => to('/restart').length,
        (n) => n === 3,
      );
      const { rows: sent } = await second.database.pool.query<{ id: string }>(
        `select id from webhook_messages where webhook_id = $1 order by id desc limit 1`,
        [hook],
      );
      await second.database.pool.query(
        `update webhook_messages set status = 'pending', locked_until = now() + interval '1 second' where id = $1`,
        [sent[0].id],
      );
      await until(
        () => to('/restart').length,
        (n) => n === 4,
      );
      expect(to('/restart')[3].id).toBe(to('/restart')[2].id);

      // Two workers share the outbox: every message goes exactly once.
      const shared = await createWebhook(second, '/shared');
      const extra = createDeliveryWorker({
        pool: second.database.pool,
        secrets: second.secrets,
        allowPrivate: true,
        timeoutMs: 10_000,
        concurrency: 8,
        perWebhook: 4,
        pollMs: 20,
        log: { warn() {}, info() {} },
      });
      const third = onPostgres ? await another() : undefined;
      extra.start();
      try {
        const writers = [second, third ?? second];
        for (let i = 0; i < 30; i++) await createOrder(writers[i % 2]);
        await until(
          () => to('/shared').length,
          (n) => n >= 30,
          20_000,
        );
        await new Promise((r) => setTimeout(r, 1000));
        const ids = to('/shared').map((r) => r.id);
        expect(ids).toHaveLength(30);
        expect(new Set(ids).size).toBe(30);
        expect(to('/shared').every((r) => r.verified)).toBe(true);
        const { rows: attempts } = await second.database.pool.query<{ n: number }>(
          `select count(*)::int as n from webhook_attempts a join webhook_messages m on m.id = a.message_id
           where m.webhook_id = $1`,
          [shared],
        );
        expect(attempts[0].n).toBe(30);
      } finally {
        await extra.stop();
        await third?.close();
      }
    } finally {
      await second.close();
    }
  }, 60_000);
});
