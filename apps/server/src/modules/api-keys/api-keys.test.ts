import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type CallOptions, call, createTestApp, type DemoUser } from '../../test/app.ts';

const RATE = 30;
const app = await createTestApp({ API_KEY_RATE_PER_MINUTE: String(RATE) });

async function createKey(as: DemoUser, body: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/api-keys', { as, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; key: string; prefix: string; chain_id: number | null };
}
const withKey = (key: string, options: CallOptions = {}) => ({ ...options, token: key });
const rows = async () =>
  (
    await app.db.execute<{ id: number; key_hash: string; prefix: string; last_used_at: Date | null }>(
      sql`select id, key_hash, prefix, last_used_at from api_keys order by id`,
    )
  ).rows;

describe('creating, listing and revoking keys', () => {
  it('answers 401 without a token and 403 to roles that manage no keys', async () => {
    expect((await call(app, 'GET', '/api/api-keys')).statusCode).toBe(401);
    for (const as of ['director', 'store', 'tech'] as const) {
      expect((await call(app, 'GET', '/api/api-keys', { as })).statusCode).toBe(403);
      expect(
        (await call(app, 'POST', '/api/api-keys', { as, payload: { name: 'x', scopes: ['orders:read'] } })).statusCode,
      ).toBe(403);
    }
  });

  it('answers the key once, keeps only its SHA-256 and first characters, and never lists it', async () => {
    const created = await createKey('admin', { name: 'ERP', scopes: ['orders:read'], chain_id: 1 });
    expect(created.key).toMatch(/^wop_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 10));
    const stored = (await rows()).find((row) => row.id === created.id);
    expect(stored?.key_hash).toBe(createHash('sha256').update(created.key).digest('hex'));
    const dump = JSON.stringify((await app.db.execute(sql`select * from api_keys`)).rows);
    expect(dump).not.toContain(created.key);
    const list = await call(app, 'GET', '/api/api-keys', { as: 'admin' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.json().payload.find((k: { id: number }) => k.id === created.id)).toMatchObject({
      name: 'ERP',
      scopes: ['orders:read'],
      chain_id: 1,
      revoked_at: null,
    });
  });

  it("gives a chain-admin's key its chain, lists it only its chain's keys and refuses other chains", async () => {
    const own = await createKey('chainAdmin', { name: 'Kassasystem', scopes: ['assets:read'] });
    expect(own.chain_id).toBe(1);
    const other = await createKey('admin', { name: 'Other chain', scopes: ['orders:read'], chain_id: 3 });
    const list = (await call(app, 'GET', '/api/api-keys', { as: 'chainAdmin' })).json().payload as {
      chain_id: number;
    }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((k) => k.chain_id === 1)).toBe(true);
    const refused = await call(app, 'POST', '/api/api-keys', {
      as: 'chainAdmin',
      payload: { name: 'x', scopes: ['orders:read'], chain_id: 3 },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ chain_id: ['does not exist'] });
    const revoke = await call(app, 'DELETE', `/api/api-keys/${other.id}`, { as: 'chainAdmin' });
    expect(revoke.statusCode).toBe(404);
    expect(revoke.json()).toEqual({ message: 'API key not found.' });
  });

  it('answers 422 per field in the caller language, and writes nothing', async () => {
    const before = (await rows()).length;
    const empty = await call(app, 'POST', '/api/api-keys', { as: 'admin', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ name: ['is required'], scopes: ['is required'] });
    const bad = { name: 'x', scopes: ['orders:read', 'orders:delete'], chain_id: 999999 };
    const en = await call(app, 'POST', '/api/api-keys', { as: 'admin', payload: bad });
    expect(en.json().errors).toEqual({ 'scopes.1': ['is invalid'] });
    const sv = await call(app, 'POST', '/api/api-keys', { as: 'admin', lang: 'sv', payload: {} });
    expect(sv.json().errors).toEqual({ name: ['är obligatoriskt'], scopes: ['är obligatoriskt'] });
    const past = { name: 'x', scopes: ['orders:read'], expires_at: '2020-01-01T00:00:00Z' };
    const fi = await call(app, 'POST', '/api/api-keys', { as: 'admin', lang: 'fi', payload: past });
    expect(fi.json().errors).toEqual({ expires_at: ['on oltava tulevaisuudessa'] });
    const svPast = await call(app, 'POST', '/api/api-keys', { as: 'admin', lang: 'sv', payload: past });
    expect(svPast.json().errors).toEqual({ expires_at: ['måste ligga i framtiden'] });
    const twice = await call(app, 'POST', '/api/api-keys', {
      as: 'admin',
      payload: { name: 'x', scopes: ['orders:read', 'orders:read'] },
    });
    expect(twice.json().errors).toEqual({ scopes: ['has already been taken'] });
    const noChain = await call(app, 'POST', '/api/api-keys', {
      as: 'admin',
      payload: { name: 'x', scopes: ['orders:read'], chain_id: 999999 },
    });
    expect(noChain.json().errors).toEqual({ chain_id: ['does not exist'] });
    expect((await rows()).length).toBe(before);
  });
});

describe('calling with a key', () => {
  it('reaches the routes of its scopes, within its chain, and is refused elsewhere', async () => {
    const { key } = await createKey('admin', { name: 'ERP read', scopes: ['orders:read'], chain_id: 1 });
    const list = await call(app, 'GET', '/api/orders', withKey(key, { query: { limit: 100 } }));
    expect(list.statusCode, list.body).toBe(200);
    const orders = list.json().payload.data as { id: number; chain_id: number }[];
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.every((o) => o.chain_id === 1)).toBe(true);

    const all = (await call(app, 'GET', '/api/orders', { as: 'admin', query: { limit: 100 } })).json().payload.data as {
      id: number;
      chain_id: number;
    }[];
    const outside = all.find((o) => o.chain_id !== 1);
    expect(outside).toBeDefined();
    expect((await call(app, 'GET', `/api/orders/${outside?.id}`, withKey(key))).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/orders/${orders[0].id}`, withKey(key))).statusCode).toBe(200);

    const assets = await call(app, 'GET', '/api/assets', withKey(key, { lang: 'sv' }));
    expect(assets.statusCode).toBe(403);
    expect(assets.json().message).toBe('API-nyckeln saknar behörigheten assets:read.');
    // Routes no scope reaches, and routes that check only a sign-in, are closed to keys.
    expect((await call(app, 'GET', '/api/users', withKey(key))).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/profile', withKey(key))).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/auth/download-token', withKey(key))).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/api-keys', withKey(key))).statusCode).toBe(403);
    const write = await call(app, 'PUT', `/api/orders/${orders[0].id}`, withKey(key, { payload: { priority: 20 } }));
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This API key lacks the scope orders:write.');
  });

  it("lets an admin's key without a chain reach every chain, and records when a key was last used", async () => {
    const { id, key } = await createKey('admin', { name: 'Dispatch', scopes: ['orders:read'] });
    expect((await rows()).find((row) => row.id === id)?.last_used_at).toBeNull();
    const res = await call(app, 'GET', '/api/orders', withKey(key, { query: { limit: 100 } }));
    const chains = new Set((res.json().payload.data as { chain_id: number }[]).map((o) => o.chain_id));
    expect(chains.size).toBeGreaterThan(1);
    expect((await rows()).find((row) => row.id === id)?.last_used_at).not.toBeNull();
  });

  it('writes within its scope, under its own name in the history', async () => {
    const { key } = await createKey('chainAdmin', { name: 'ERP write', scopes: ['orders:read', 'orders:write'] });
    const [order] = (await call(app, 'GET', '/api/orders', withKey(key))).json().payload.data as {
      id: number;
      priority: number;
    }[];
    const priority = order.priority === 10 ? 20 : 10;
    const res = await call(app, 'PUT', `/api/orders/${order.id}`, withKey(key, { payload: { priority } }));
    expect(res.statusCode, res.body).toBe(200);
    const history = (await call(app, 'GET', `/api/orders/${order.id}`, withKey(key))).json().payload.history as {
      field: string;
      user: { name: string } | null;
    }[];
    expect(history.at(-1)).toMatchObject({ field: 'priority', user: { name: 'ERP write' } });
  });

  it('refuses an unknown, revoked or expired key with 401, at once', async () => {
    const { id, key } = await createKey('chainAdmin', { name: 'Short-lived', scopes: ['orders:read'] });
    expect((await call(app, 'GET', '/api/orders', withKey(key))).statusCode).toBe(200);
    // One character changed (never to the one it was: a key ending in A would be itself).
    const altered = `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`;
    expect((await call(app, 'GET', '/api/orders', withKey(altered))).statusCode).toBe(401);
    const revoke = await call(app, 'DELETE', `/api/api-keys/${id}`, { as: 'chainAdmin', lang: 'fi' });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().message).toBe('API-avain on peruttu.');
    expect((await call(app, 'GET', '/api/orders', withKey(key))).statusCode).toBe(401);
    const listed = (await call(app, 'GET', '/api/api-keys', { as: 'admin' })).json().payload as {
      id: number;
      revoked_at: string | null;
    }[];
    expect(listed.find((k) => k.id === id)?.revoked_at).not.toBeNull();

    const later = await createKey('admin', {
      name: 'Expiring',
      scopes: ['orders:read'],
      chain_id: 1,
      expires_at: '2099-01-01T00:00:00Z',
    });
    expect((await call(app, 'GET', '/api/orders', withKey(later.key))).statusCode).toBe(200);
    await app.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${later.id}`);
    expect((await call(app, 'GET', '/api/orders', withKey(later.key))).statusCode).toBe(401);
  });

  it('limits each key on its own: 429 with Retry-After', async () => {
    const busy = await createKey('admin', { name: 'Busy', scopes: ['orders:read'], chain_id: 1 });
    const calm = await createKey('admin', { name: 'Calm', scopes: ['orders:read'], chain_id: 1 });
    // Twice the limit: a new minute may begin during the loop, never twice.
    let limited: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 2 * RATE + 1 && !limited; i++) {
      const res = await call(app, 'GET', '/api/orders', withKey(busy.key, { query: { limit: 1 } }));
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited?.json().message).toMatch(/^Too many requests with this API key/);
    expect((await call(app, 'GET', '/api/orders', withKey(calm.key))).statusCode).toBe(200);
  });
});
