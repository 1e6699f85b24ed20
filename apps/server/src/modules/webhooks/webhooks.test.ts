import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { call, createTestApp, multipart, tokenFor } from '../../test/app.ts';
import { DEMO_TECH, techOrder } from '../../test/orders.ts';
import { startReceiver, until } from '../../test/webhook-receiver.ts';

const receiver = await startReceiver();
afterAll(() => receiver.close());
const app = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });

async function createWebhook(
  target: App,
  path: string,
  body: Record<string, unknown>,
  as: 'admin' | 'chainAdmin' = 'admin',
) {
  const res = await call(target, 'POST', '/api/webhooks', {
    as,
    payload: { url: `${receiver.url}${path}`, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json().payload as { id: number; secret: string; chain_id: number | null };
  receiver.secrets.set(path, created.secret);
  return created;
}

async function createOrder(target: App, storeId = 1) {
  const { rows } = await target.db.execute<{ chain_id: number }>(
    sql`select chain_id from stores where id = ${storeId}`,
  );
  const res = await call(target, 'POST', '/api/orders', {
    as: 'admin',
    ...multipart({
      description: 'Freezer 3 too warm',
      worktype_id: 1,
      priority: 20,
      store_id: storeId,
      chain_id: rows[0].chain_id,
    }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; project_number: number };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const bodies = (path: string) =>
  at(path).map(
    (r) =>
      JSON.parse(r.body) as {
        type: string;
        data: { order: { id: number }; changes?: unknown[]; message?: { body: string } };
      },
  );

async function otherChainStore(target: App) {
  const { rows } = await target.db.execute<{ id: number }>(
    sql`select id from stores where chain_id <> 1 order by id limit 1`,
  );
  return rows[0].id;
}

beforeEach(() => {
  receiver.answers.clear();
});

describe('webhooks: creation, scope and roles', () => {
  it('answers a whsec_ secret once, never lists it, and keeps it sealed in the database', async () => {
    const created = await createWebhook(app, '/a', { events: ['order.created'], chain_id: 1 });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await call(app, 'GET', '/api/webhooks', { as: 'admin' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    const dump = JSON.stringify((await app.db.execute(sql`select * from webhooks`)).rows);
    expect(dump).not.toContain(created.secret.slice(6));
    await call(app, 'DELETE', `/api/webhooks/${created.id}`, { as: 'admin' });
  });

  it("gives a chain-admin's webhook its chain and refuses other chains; other roles get 403", async () => {
    const own = await createWebhook(app, '/own', { events: ['order.created'] }, 'chainAdmin');
    expect(own.chain_id).toBe(1);
    const refused = await call(app, 'POST', '/api/webhooks', {
      as: 'chainAdmin',
      payload: { url: `${receiver.url}/x`, events: ['order.created'], chain_id: 3 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ chain_id: ['does not exist'] });
    const adminHook = await createWebhook(app, '/adm', { events: ['order.created'], chain_id: 3 });
    const seen = (await call(app, 'GET', '/api/webhooks', { as: 'chainAdmin' })).json().payload as { id: number }[];
    expect(seen.map((w) => w.id)).toContain(own.id);
    expect(seen.map((w) => w.id)).not.toContain(adminHook.id);
    expect((await call(app, 'GET', `/api/webhooks/${adminHook.id}`, { as: 'chainAdmin' })).statusCode).toBe(404);
    expect((await call(app, 'POST', `/api/webhooks/${adminHook.id}/test`, { as: 'chainAdmin' })).statusCode).toBe(404);
    for (const as of ['director', 'store', 'tech'] as const) {
      expect((await call(app, 'GET', '/api/webhooks', { as })).statusCode).toBe(403);
    }
    await call(app, 'DELETE', `/api/webhooks/${own.id}`, { as: 'admin' });
    await call(app, 'DELETE', `/api/webhooks/${adminHook.id}`, { as: 'admin' });
  });

  it('answers 422 per field in the caller language and writes nothing', async () => {
    const before = (await app.db.execute(sql`select count(*)::int as n from webhooks`)).rows[0];
    const bad = await call(app, 'POST', '/api/webhooks', {
      as: 'admin',
      lang: 'sv',
      payload: { url: 'ftp://example.com', events: ['order.deleted'] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events.0', 'url']);
    expect(bad.json().errors['events.0']).toEqual(['är ogiltigt']);
    const after = (await app.db.execute(sql`select count(*)::int as n from webhooks`)).rows[0];
    expect(after).toEqual(before);
  });
});

describe('delivery', () => {
  it('sends each event once, signed (verified by standardwebhooks), only for orders in the chain', async () => {
    const hook = await createWebhook(app, '/chain1', {
      events: ['order.created', 'order.updated', 'order.completed', 'message.created'],
      chain_id: 1,
    });
    const order = await createOrder(app, 1);
    const foreign = await createOrder(app, await otherChainStore(app));
    const put = await call(app, 'PUT', `/api/orders/${order.id}`, { as: 'admin', payload: { status: 'completed' } });
    expect(put.statusCode, put.body).toBe(200);
    const chat = await call(app, 'POST', `/api/orders/${order.id}/messages`, {
      as: 'admin',
      payload: { body: 'On my way' },
    });
    expect(chat.statusCode, chat.body).toBeLessThan(300);
    const got = await until(
      () => bodies('/chain1'),
      (b) => b.length >= 4,
    );
    await new Promise((r) => setTimeout(r, 400));
    expect(at('/chain1').every((r) => r.verified)).toBe(true);
    const types = bodies('/chain1').map((b) => b.type);
    expect(types.sort()).toEqual(['message.created', 'order.completed', 'order.created', 'order.updated']);
    expect(got.every((b) => b.data.order.id === order.id)).toBe(true);
    expect(bodies('/chain1').some((b) => b.data.order.id === foreign.id)).toBe(false);
    const updated = bodies('/chain1').find((b) => b.type === 'order.updated');
    expect(updated?.data.changes).toContainEqual({ field: 'status', from: expect.any(String), to: 'completed' });
    expect(bodies('/chain1').find((b) => b.type === 'message.created')?.data.message?.body).toBe('On my way');
    const ids = at('/chain1').map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const deliveries = await call(app, 'GET', `/api/webhooks/${hook.id}/deliveries`, { as: 'admin' });
    expect(deliveries.statusCode).toBe(200);
    const data = deliveries.json().payload.data as {
      status: string;
      attempt_log: { status_code: number; response: string }[];
    }[];
    expect(data).toHaveLength(4);
    expect(data.every((d) => d.status === 'delivered' && d.attempt_log[0].status_code === 200)).toBe(true);
    expect(data[0].attempt_log[0].response).toBe('answer 200');
    await call(app, 'PUT', `/api/webhooks/${hook.id}`, { as: 'admin', payload: { enabled: false } });
  });

  it("sends a technician's check-in with the visit", async () => {
    await createWebhook(app, '/visits', { events: ['visit.checked_in'], chain_id: 1 });
    const id = await techOrder(app);
    const res = await call(app, 'POST', `/api/orders/${id}/visits/check-in`, { as: 'tech', payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json().payload;
    const [got] = await until(
      () => bodies('/visits'),
      (b) => b.length >= 1,
    );
    expect(got).toMatchObject({
      type: 'visit.checked_in',
      data: {
        order: { id },
        visit: { id: visit.id, technician_id: DEMO_TECH, checked_out_at: null, outcome: null, off_site: false },
      },
    });
    expect(Date.parse((got.data as unknown as { visit: { checked_in_at: string } }).visit.checked_in_at)).toBe(
      Date.parse(visit.checked_in_at),
    );
  });

  it('writes nothing when the change rolls back', async () => {
    const hook = await createWebhook(app, '/rollback', { events: ['order.updated'], chain_id: 1 });
    const order = await createOrder(app, 1);
    const bad = await call(app, 'PUT', `/api/orders/${order.id}`, { as: 'admin', payload: { status: 'planned' } });
    expect(bad.statusCode).toBe(422);
    const { rows } = await app.db.execute(sql`select 1 from webhook_messages where webhook_id = ${hook.id}`);
    expect(rows).toHaveLength(0);
    await call(app, 'DELETE', `/api/webhooks/${hook.id}`, { as: 'admin' });
  });

  it('retries a failure with the same webhook-id after about 5 s, then 5 min; a 2xx ends it', async () => {
    const hook = await createWebhook(app, '/flaky', { events: ['order.created'], chain_id: 1 });
    receiver.answers.set('/flaky', 500);
    await createOrder(app, 1);
    await until(
      () => at('/flaky').length,
      (n) => n === 1,
    );
    const first = await until(
      async () =>
        (
          await app.db.execute<{ id: number; attempts: number; wait: number; status: string }>(sql`
          select id, attempts, status, extract(epoch from next_attempt_at - now())::float as wait
          from webhook_messages where webhook_id = ${hook.id}`)
        ).rows[0],
      (row) => row?.attempts === 1 && row.status === 'pending' && row.wait > 0,
    );
    expect(first.wait).toBeGreaterThan(2);
    expect(first.wait).toBeLessThanOrEqual(5);
    // Time passes: the retry is due.
    await app.db.execute(sql`update webhook_messages set next_attempt_at = now() where id = ${first.id}`);
    await until(
      () => at('/flaky').length,
      (n) => n === 2,
    );
    const second = await until(
      async () =>
        (
          await app.db.execute<{ attempts: number; wait: number }>(sql`
          select attempts, extract(epoch from next_attempt_at - now())::float as wait
          from webhook_messages where id = ${first.id}`)
        ).rows[0],
      (row) => row.attempts === 2 && row.wait > 0,
    );
    expect(second.wait).toBeGreaterThan(290);
    expect(second.wait).toBeLessThanOrEqual(300);
    receiver.answers.set('/flaky', 204);
    await app.db.execute(sql`update webhook_messages set next_attempt_at = now() where id = ${first.id}`);
    await until(
      () => at('/flaky').length,
      (n) => n === 3,
    );
    const [a, b, c] = at('/flaky');
    expect(a.id).toBe(b.id);
    expect(b.id).toBe(c.id);
    expect([a, b, c].every((r) => r.verified)).toBe(true);
    const list = await until(
      async () => (await call(app, 'GET', `/api/webhooks/${hook.id}/deliveries`, { as: 'admin' })).json().payload.data,
      (d: { status: string; attempt_log: { status_code: number }[] }[]) => d[0]?.status === 'delivered',
    );
    expect(list[0].attempt_log.map((x: { status_code: number }) => x.status_code)).toEqual([204, 500, 500]);
    await call(app, 'DELETE', `/api/webhooks/${hook.id}`, { as: 'admin' });
  });

  it('turns the webhook off on 410 and sends nothing more to it', async () => {
    const hook = await createWebhook(app, '/gone', { events: ['order.created'], chain_id: 1 });
    receiver.answers.set('/gone', 410);
    await createOrder(app, 1);
    const off = await until(
      async () => (await call(app, 'GET', `/api/webhooks/${hook.id}`, { as: 'admin' })).json().payload,
      (w: { enabled: boolean; disabled_reason: string | null }) => !w.enabled,
    );
    expect(off.disabled_reason).toBe('gone');
    await createOrder(app, 1);
    await new Promise((r) => setTimeout(r, 500));
    expect(at('/gone')).toHaveLength(1);
    const failed = (await call(app, 'GET', `/api/webhooks/${hook.id}/deliveries`, { as: 'admin' })).json().payload.data;
    expect(failed[0].status).toBe('failed');
  });

  it('sends a test, retries one or all failed, and signs with both secrets for 24 h after a rotation', async () => {
    const hook = await createWebhook(app, '/ops', { events: ['order.created'], chain_id: 1 });
    const test = await call(app, 'POST', `/api/webhooks/${hook.id}/test`, { as: 'admin' });
    expect(test.statusCode, test.body).toBe(202);
    await until(
      () => at('/ops').length,
      (n) => n === 1,
    );
    expect(JSON.parse(at('/ops')[0].body).type).toBe('webhook.test');
    expect(at('/ops')[0].verified).toBe(true);

    const old = hook.secret;
    const rotated = await call(app, 'POST', `/api/webhooks/${hook.id}/rotate-secret`, { as: 'admin' });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().payload.secret as string;
    expect(fresh).not.toBe(old);
    expect(rotated.json().payload.previous_secret_until).not.toBeNull();
    await call(app, 'POST', `/api/webhooks/${hook.id}/test`, { as: 'admin' });
    const second = await until(
      () => at('/ops'),
      (r) => r.length === 2,
    );
    const headers = {
      'webhook-id': second[1].id,
      'webhook-timestamp': second[1].timestamp,
      'webhook-signature': second[1].signature,
    };
    expect(second[1].signature.split(' ')).toHaveLength(2);
    expect(() => new Webhook(old).verify(second[1].body, headers)).not.toThrow();
    expect(() => new Webhook(fresh).verify(second[1].body, headers)).not.toThrow();
    receiver.secrets.set('/ops', fresh);

    // Failures, then one retried, then all.
    receiver.answers.set('/ops', 503);
    const since = new Date(Date.now() - 1000).toISOString();
    await createOrder(app, 1);
    await createOrder(app, 1);
    await until(
      () => at('/ops').length,
      (n) => n === 4,
    );
    await until(
      async () =>
        (
          await app.db.execute(
            sql`select 1 from webhook_messages where webhook_id = ${hook.id} and last_status = 503 and locked_until is null`,
          )
        ).rows.length,
      (n) => n === 2,
    );
    await app.db.execute(
      sql`update webhook_messages set status = 'failed' where webhook_id = ${hook.id} and status = 'pending'`,
    );
    receiver.answers.set('/ops', 200);
    const failed = (
      await call(app, 'GET', `/api/webhooks/${hook.id}/deliveries`, { as: 'admin', query: { status: 'failed' } })
    ).json().payload.data as { id: number; msg_id: string }[];
    expect(failed).toHaveLength(2);
    const one = await call(app, 'POST', `/api/webhooks/${hook.id}/deliveries/${failed[0].id}/retry`, { as: 'admin' });
    expect(one.statusCode, one.body).toBe(200);
    await until(
      () => at('/ops').length,
      (n) => n === 5,
    );
    expect(at('/ops')[4].id).toBe(failed[0].msg_id);
    const all = await call(app, 'POST', `/api/webhooks/${hook.id}/deliveries/retry`, {
      as: 'admin',
      payload: { since },
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().payload).toEqual({ retried: 1 });
    await until(
      () => at('/ops').length,
      (n) => n === 6,
    );
    expect(at('/ops')[5].id).toBe(failed[1].msg_id);
    expect(
      at('/ops')
        .slice(2)
        .every((r) => r.verified),
    ).toBe(true);
    await call(app, 'DELETE', `/api/webhooks/${hook.id}`, { as: 'admin' });
  });
});

const strict = await createTestApp();

// Signing in hashes a password (done once, before the timed tests),
// and the first documented call reads the whole OpenAPI document.
beforeAll(async () => {
  for (const as of ['admin', 'chainAdmin', 'director', 'store', 'tech'] as const) await tokenFor(app, as);
  await tokenFor(strict, 'admin');
  for (const target of [app, strict]) await call(target, 'GET', '/api/webhooks', { as: 'admin' });
}, 240_000);

describe('addresses the server refuses', () => {
  it('refuses plain http, loopback, private, link-local, metadata, CGNAT and names resolving to them at creation', async () => {
    const cases: [string, string][] = [
      ['http://example.com/hook', 'must be an https address'],
      ['https://127.0.0.1/hook', 'must be a public address (not a private, local or internal one)'],
      ['https://10.1.2.3/hook', 'must be a public address (not a private, local or internal one)'],
      ['https://169.254.169.254/latest/meta-data', 'must be a public address (not a private, local or internal one)'],
      ['https://100.64.0.1/hook', 'must be a public address (not a private, local or internal one)'],
      ['https://[::1]/hook', 'must be a public address (not a private, local or internal one)'],
      ['https://[::ffff:10.0.0.1]/hook', 'must be a public address (not a private, local or internal one)'],
      ['https://localhost/hook', 'must be a public address (not a private, local or internal one)'],
    ];
    for (const [url, message] of cases) {
      const res = await call(strict, 'POST', '/api/webhooks', {
        as: 'admin',
        payload: { url, events: ['order.created'] },
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors, url).toEqual({ url: [message] });
    }
    expect((await strict.db.execute(sql`select 1 from webhooks`)).rows).toHaveLength(0);
  });

  it('checks again at every send: an address that became private is not connected to', async () => {
    const refusedUrl = `https://localhost:${new URL(receiver.url).port}/late`;
    // Saved while the name was public (the row as the API writes it); now it resolves to loopback.
    const id = (await strict.db.execute<{ id: number }>(sql`select nextval('webhooks_id_seq')::int as id`)).rows[0].id;
    const sealed = strict.secrets.seal('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', `webhook:${id}`);
    const { rows } = await strict.db.execute<{ id: number }>(sql`
      insert into webhooks (id, url, events, secret_sealed, chain_id)
      values (${id}, ${refusedUrl}, '{order.created}', ${sealed}, 1) returning id`);
    const before = receiver.received.length;
    await createOrder(strict, 1);
    const attempt = await until(
      async () =>
        (
          await strict.db.execute<{ error: string | null; status_code: number | null }>(sql`
          select a.error, a.status_code from webhook_attempts a join webhook_messages m on m.id = a.message_id
          where m.webhook_id = ${rows[0].id}`)
        ).rows,
      (r) => r.length === 1,
    );
    expect(attempt[0]).toEqual({ error: 'not_public', status_code: null });
    expect(receiver.received.length).toBe(before);
  });
});
