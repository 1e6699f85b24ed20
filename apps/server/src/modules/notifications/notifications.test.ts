import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoUser, multipart, tokenFor } from '../../test/app.ts';
import { type LiveFrame, openStream, sleep, until } from '../../test/live.ts';

const app = await createTestApp();
await app.listen({ port: 0, host: '127.0.0.1' });
const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// Demo data: chain 1 Norrgården (region 1 Stockholm with store 1), chain 2 Kotimarket (no regions,
// store 10). store@ has store 1, director@ region 1, chainadmin@ chain 1, store2@ and chainadmin2@
// chain 2. tech@ and tech2@ are the technicians.
const EVERYONE = Object.keys(DEMO) as DemoUser[];
const KOTIMARKET_STORE = 10;

const ids: Record<string, number> = {};
beforeAll(async () => {
  const { rows } = await app.db.execute<{ id: number; email: string }>(sql`select id, email from users`);
  for (const [who, email] of Object.entries(DEMO)) ids[who] = rows.find((r) => r.email === email)?.id as number;
});

async function createOrder(as: DemoUser, fields: Record<string, string | number>) {
  const body = multipart({
    description: 'Kylen i mejeriet håller inte temperaturen.',
    worktype_id: 3,
    priority: 20,
    ...fields,
  });
  const res = await call(app, 'POST', '/api/orders', { as, payload: body.payload, headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; project_number: number };
}
const forStore1 = { chain_id: 1, store_id: 1, approval_status: 'pending' };

async function update(as: DemoUser, id: number, payload: Record<string, unknown>) {
  const res = await call(app, 'PUT', `/api/orders/${id}`, { as, payload });
  expect(res.statusCode, res.body).toBe(200);
}

/** Who holds an unread notification of this type for this order. */
async function told(orderId: number, type: string): Promise<DemoUser[]> {
  const { rows } = await app.db.execute<{ user_id: number }>(
    sql`select user_id from notifications where order_id = ${orderId} and type = ${type} and read_at is null`,
  );
  const userIds = rows.map((r) => r.user_id);
  return EVERYONE.filter((who) => userIds.includes(ids[who])).sort();
}

describe('who is told what (never the author, only users who may see the order)', () => {
  it('tells the chain-admins of the chain and the regional directors of the region of a new order', async () => {
    const byStore = await createOrder('store', {});
    expect(await told(byStore.id, 'order_created')).toEqual(['chainAdmin', 'director']);
    const byAdmin = await createOrder('admin', forStore1);
    expect(await told(byAdmin.id, 'order_created')).toEqual(['chainAdmin', 'director']);
    const byDirector = await createOrder('director', forStore1);
    expect(await told(byDirector.id, 'order_created')).toEqual(['chainAdmin']);
    const kotimarket = await createOrder('admin', {
      chain_id: 2,
      store_id: KOTIMARKET_STORE,
      approval_status: 'pending',
    });
    expect(await told(kotimarket.id, 'order_created')).toEqual(['chainAdmin2']);
  });

  it('tells the store managers of the store when the approval is decided, not when it goes back to pending', async () => {
    const order = await createOrder('store', {});
    await update('director', order.id, { approval_status: 'approved' });
    expect(await told(order.id, 'approval')).toEqual(['store']);
    const notes = await call(app, 'GET', '/api/notifications', { as: 'store', lang: 'sv' });
    expect(notes.json().payload.data[0]).toMatchObject({
      type: 'approval',
      order_id: order.id,
      project_number: order.project_number,
      title: `Order ${order.project_number} har godkänts`,
    });
    await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { all: true } });
    await update('chainAdmin', order.id, { approval_status: 'pending' });
    expect(await told(order.id, 'approval')).toEqual([]);
    await update('chainAdmin', order.id, { approval_status: 'rejected' });
    expect(await told(order.id, 'approval')).toEqual(['store']);
  });

  it('tells the technician who is assigned, and the store managers that the status went back to pending', async () => {
    const order = await createOrder('store', {});
    await update('admin', order.id, { status: 'planned', planned_at: '2030-01-02T08:00:00Z' });
    await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { all: true } });
    await update('admin', order.id, { technician_id: ids.tech2 });
    expect(await told(order.id, 'assigned')).toEqual(['tech2']);
    expect(await told(order.id, 'status')).toEqual(['store']);
    await update('admin', order.id, { technician_id: null });
    expect(await told(order.id, 'assigned')).toEqual(['tech2']);
  });

  it('tells the store managers of a status change, and the technician too for revisit-required', async () => {
    const order = await createOrder('store', {});
    await update('admin', order.id, { technician_id: ids.tech });
    await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { all: true } });
    await update('tech', order.id, { status: 'planned', planned_at: '2026-12-01T08:00:00Z' });
    expect(await told(order.id, 'status')).toEqual(['store']);
    await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { all: true } });
    await update('admin', order.id, { status: 'revisit-required' });
    expect(await told(order.id, 'status')).toEqual(['store', 'tech']);
    // The author of the change is never told.
    await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { all: true } });
    await call(app, 'POST', '/api/notifications/read', { as: 'tech', payload: { all: true } });
    await update('tech', order.id, { status: 'revisit-required', planned_at: '2026-12-02T08:00:00Z' });
    await update('tech', order.id, { status: 'completed' });
    expect(await told(order.id, 'status')).toEqual(['store']);
  });

  it('tells the store managers, the technician and everyone who wrote in the chat, if they still see the order', async () => {
    const order = await createOrder('store', {});
    await update('admin', order.id, { technician_id: ids.tech2 });
    const say = (as: DemoUser, body: string) =>
      call(app, 'POST', `/api/orders/${order.id}/messages`, { as, payload: { body } });
    await say('tech2', 'Jag kommer på tisdag.');
    expect(await told(order.id, 'message')).toEqual(['store']);
    await say('director', 'Tack!');
    expect(await told(order.id, 'message')).toEqual(['store', 'tech2']);
    // tech2 is taken off the order: it no longer sees it, so it hears nothing more of it.
    await update('admin', order.id, { technician_id: ids.tech });
    for (const who of ['store', 'tech2', 'director', 'tech'] as const)
      await call(app, 'POST', '/api/notifications/read', { as: who, payload: { all: true } });
    await say('superAdmin', 'Ny tekniker är bokad.');
    expect(await told(order.id, 'message')).toEqual(['director', 'store', 'tech']);
  });
});

describe('the store signs a completed order off', () => {
  it('tells the technician and the approvers whether the fix held, in their language, quoting a "not fixed"', async () => {
    const fixed = await createOrder('store', {});
    const broken = await createOrder('store', {});
    for (const order of [fixed, broken]) {
      await update('admin', order.id, { technician_id: ids.tech, approval_status: 'approved' });
      await update('tech', order.id, { status: 'completed' });
    }
    const sign = (id: number, payload: Record<string, unknown>) =>
      call(app, 'POST', `/api/orders/${id}/confirm`, { as: 'store', payload });

    expect((await sign(fixed.id, { fixed: true })).statusCode).toBe(201);
    // The store manager signed: it is not told of its own sign-off.
    expect(await told(fixed.id, 'signoff')).toEqual(['chainAdmin', 'director', 'tech']);

    const res = await sign(broken.id, { fixed: false, comment: 'Det droppar fortfarande.' });
    expect(res.statusCode).toBe(201);
    expect(await told(broken.id, 'signoff')).toEqual(['chainAdmin', 'director', 'tech']);
    const { recall_order_id: recallId } = res.json().payload as { recall_order_id: number };
    const { rows } = await app.db.execute<{ project_number: number }>(
      sql`select project_number from orders where id = ${recallId}`,
    );
    const notes = await call(app, 'GET', '/api/notifications', { as: 'tech', lang: 'fi' });
    const [latest] = notes.json().payload.data as { type: string; order_id: number; title: string; body: string }[];
    expect(latest).toMatchObject({
      type: 'signoff',
      order_id: broken.id,
      title: `Työtilausta ${broken.project_number} ei korjattu: jatkotilaus ${rows[0].project_number} avattu`,
    });
    expect(latest.body).toContain('Det droppar fortfarande.');
    const director = await call(app, 'GET', '/api/notifications', { as: 'director', lang: 'en' });
    expect(director.json().payload.data.map((n: { title: string }) => n.title)).toContain(
      `Order ${fixed.project_number}: the store confirmed the fix`,
    );
  });
});

describe('the event stream', () => {
  const streams = new Map<DemoUser, Awaited<ReturnType<typeof openStream>>>();
  beforeAll(async () => {
    for (const who of EVERYONE) {
      streams.set(who, await openStream(baseUrl, { authorization: `Bearer ${await tokenFor(app, who)}` }));
    }
  });
  afterAll(() => {
    for (const s of streams.values()) s.close();
  });
  const orderEvents = (who: DemoUser, id: number) =>
    (streams.get(who) as { frames: LiveFrame[] }).frames.filter(
      (f) =>
        (f.event === 'order' && (f.data as { id: number }).id === id) ||
        (f.event === 'message' && (f.data as { order_id: number }).order_id === id),
    );
  /** Waits for the users who should hear of it, then a while longer to be sure nobody else does. */
  async function heardBy(id: number, expected: DemoUser[], count = 1) {
    await until(() => expected.every((who) => orderEvents(who, id).length >= count), 5000, `events for ${expected}`);
    await sleep(400);
    return EVERYONE.filter((who) => orderEvents(who, id).length > 0).sort();
  }

  it('answers as a text/event-stream', () => {
    const { res } = streams.get('store') as { res: Response };
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  });

  it('sends an order change only to the users whose scope holds the order at that moment', async () => {
    const order = await createOrder('store', {});
    expect(await heardBy(order.id, ['superAdmin', 'admin', 'chainAdmin', 'director', 'store'])).toEqual([
      'admin',
      'chainAdmin',
      'director',
      'store',
      'superAdmin',
    ]);
    expect(orderEvents('store', order.id)[0].data).toEqual({
      id: order.id,
      project_number: order.project_number,
      change: 'created',
    });
    await update('admin', order.id, { technician_id: ids.tech });
    expect(await heardBy(order.id, ['tech'])).toEqual([
      'admin',
      'chainAdmin',
      'director',
      'store',
      'superAdmin',
      'tech',
    ]);
    expect(orderEvents('tech', order.id)[0].data).toMatchObject({ change: 'updated' });

    const kotimarket = await createOrder('chainAdmin2', {
      chain_id: 2,
      store_id: KOTIMARKET_STORE,
      approval_status: 'pending',
    });
    expect(await heardBy(kotimarket.id, ['admin', 'superAdmin', 'store2'])).toEqual([
      'admin',
      'chainAdmin2',
      'store2',
      'superAdmin',
    ]);
  });

  it('sends chat messages in scope and the new unread count to each user told', async () => {
    const order = await createOrder('store', {});
    const before = streams.get('store')?.frames.length ?? 0;
    const unreadOf = async (who: DemoUser) =>
      (await call(app, 'GET', '/api/notifications/unread-count', { as: who })).json().payload.count as number;
    const tech2Before = await unreadOf('tech2');
    await call(app, 'POST', `/api/orders/${order.id}/messages`, { as: 'director', payload: { body: 'Hej!' } });
    await until(() => orderEvents('store', order.id).some((f) => f.event === 'message'));
    const unread = await unreadOf('store');
    await until(() =>
      (streams.get('store')?.frames.slice(before) ?? []).some(
        (f) => f.event === 'notification' && (f.data as { unread: number }).unread === unread,
      ),
    );
    // tech2 has nothing to do with the order: told nothing, its unread count unchanged.
    await sleep(400);
    expect(orderEvents('tech2', order.id)).toEqual([]);
    expect(await unreadOf('tech2')).toBe(tech2Before);
    // Increasing ids on every stream.
    const streamIds = (streams.get('admin')?.frames ?? []).map((f) => f.id);
    expect(streamIds).toEqual([...streamIds].sort((a, b) => a - b));
    expect(new Set(streamIds).size).toBe(streamIds.length);
  });

  it('replays what a user missed after Last-Event-ID, and nothing outside its scope', async () => {
    const token = await tokenFor(app, 'store');
    const first = await openStream(baseUrl, { authorization: `Bearer ${token}` });
    const seen = await createOrder('store', {});
    await until(() => first.frames.some((f) => (f.data as { id?: number }).id === seen.id));
    const lastId = first.frames[first.frames.length - 1].id;
    first.close();
    const missed = await createOrder('store', {});
    const elsewhere = await createOrder('chainAdmin2', {
      chain_id: 2,
      store_id: KOTIMARKET_STORE,
      approval_status: 'pending',
    });
    await sleep(300);
    const again = await openStream(baseUrl, { authorization: `Bearer ${token}`, 'last-event-id': String(lastId) });
    await until(() => again.frames.some((f) => (f.data as { id?: number }).id === missed.id));
    expect(again.frames.every((f) => f.id > lastId)).toBe(true);
    expect(again.frames.some((f) => (f.data as { id?: number }).id === elsewhere.id)).toBe(false);
    again.close();
  });

  it('opens with a one-time ticket for browsers, and refuses a session token or a used ticket in the URL', async () => {
    const ticket = (await call(app, 'POST', '/api/events/ticket', { as: 'tech' })).json().payload.ticket as string;
    const stream = await openStream(baseUrl, {}, `?ticket=${ticket}`);
    expect(stream.res.status).toBe(200);
    stream.close();
    const reused = await fetch(`${baseUrl}/api/events?ticket=${ticket}`);
    expect(reused.status).toBe(401);
    const session = await fetch(`${baseUrl}/api/events?ticket=${await tokenFor(app, 'tech')}`);
    expect(session.status).toBe(401);
    expect((await fetch(`${baseUrl}/api/events`)).status).toBe(401);
  });
});

describe('notification centre and settings', () => {
  it('lists the caller’s notifications newest first in its language, and marks one or all read', async () => {
    const a = await createOrder('store', {});
    const b = await createOrder('store', {});
    const list = await call(app, 'GET', '/api/notifications', { as: 'director', lang: 'fi' });
    expect(list.statusCode).toBe(200);
    const [newest, next] = list.json().payload.data;
    expect(newest).toMatchObject({
      type: 'order_created',
      order_id: b.id,
      title: `Uusi tilaus ${b.project_number}`,
      read_at: null,
    });
    expect(newest.body).toContain('Norrgården Södermalm');
    expect(next.order_id).toBe(a.id);
    const count = async (who: DemoUser) =>
      (await call(app, 'GET', '/api/notifications/unread-count', { as: who })).json().payload.count as number;
    const before = await count('director');
    // Another user's id is not the caller's to mark.
    const chainAdminBefore = await count('chainAdmin');
    const ofChainAdmin = (await call(app, 'GET', '/api/notifications', { as: 'chainAdmin' })).json().payload.data[0].id;
    expect(
      (
        await call(app, 'POST', '/api/notifications/read', {
          as: 'director',
          payload: { ids: [newest.id, ofChainAdmin] },
        })
      ).statusCode,
    ).toBe(204);
    expect(await count('director')).toBe(before - 1);
    expect(await count('chainAdmin')).toBe(chainAdminBefore);
    await call(app, 'POST', '/api/notifications/read', { as: 'director', payload: { all: true } });
    expect(await count('director')).toBe(0);
  });

  it('answers 422 for a read request that names nothing', async () => {
    const res = await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { ids: [] } });
    expect(res.statusCode).toBe(422);
    expect(
      (await call(app, 'POST', '/api/notifications/read', { as: 'store', payload: { all: false } })).statusCode,
    ).toBe(422);
  });

  it('has every e-mail on by default in the language last used to sign in, and saves the user’s choice', async () => {
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: DEMO.tech2, password: 'demo1234' },
      lang: 'fi',
    });
    const token = login.json().payload.access_token as string;
    const settings = await call(app, 'GET', '/api/profile/notifications', { token });
    expect(settings.json().payload).toEqual({
      email: { order_created: true, approval: true, assigned: true, status: true, message: true },
      locale: 'fi',
    });
    const next = {
      email: { order_created: false, approval: true, assigned: true, status: false, message: true },
      locale: 'sv',
    };
    const saved = await call(app, 'PUT', '/api/profile/notifications', { token, payload: next, lang: 'sv' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Aviseringsinställningarna har sparats.', payload: next });
    const bad = await call(app, 'PUT', '/api/profile/notifications', {
      token,
      payload: { ...next, locale: 'de' },
      lang: 'sv',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['locale']);
    expect((await call(app, 'GET', '/api/profile/notifications', { token })).json().payload).toEqual(next);
  });
});
