import { CHAT_MAX_LENGTH } from '@wop/shared/constants';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';

const app = await createTestApp();

/** Demo orders looked up by what they are, not by id. */
async function orderWhere(condition: ReturnType<typeof sql>) {
  const { rows } = await app.db.execute<{ id: number }>(sql`
    select o.id from orders o
    join stores s on s.id = o.store_id
    join chains c on c.id = o.chain_id
    left join users t on t.id = o.technician_id
    where ${condition} order by o.id limit 1`);
  if (!rows[0]) throw new Error('no such demo order');
  return rows[0].id;
}
/** The demo store manager's store, assigned to tech@: visible to store@, director@, chainadmin@, tech@. */
const shared = await orderWhere(sql`s.store_name = 'Norrgården Södermalm' and t.email = 'tech@example.com'`);
/** A second one for paging, so counts of the first stay predictable. */
const paging = await orderWhere(
  sql`s.store_name = 'Norrgården Södermalm' and t.email = 'tech@example.com' and o.id <> ${shared}`,
);
/** A Kotimarket order assigned to tech2@: outside the scope of store@, director@, chainadmin@, tech@. */
const foreign = await orderWhere(sql`c.chain_name = 'Kotimarket Oy' and t.email = 'tech2@example.com'`);
/** Norrgården, not assigned to tech@: the technician may not see it. */
const unassigned = await orderWhere(sql`s.store_name = 'Norrgården Södermalm' and o.technician_id is null`);

const messages = (id: number, as: DemoUser, query?: Record<string, string | number>) =>
  call(app, 'GET', `/api/orders/${id}/messages`, { as, query });
const send = (id: number, as: DemoUser, body: unknown, lang?: 'en' | 'sv' | 'fi') =>
  call(app, 'POST', `/api/orders/${id}/messages`, { as, payload: body, lang });
const unread = async (id: number, as: DemoUser) => {
  const res = await call(app, 'GET', `/api/orders/${id}/unreadmessages`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.message_count as number;
};
const seen = (id: number, as: DemoUser, payload?: unknown) =>
  call(app, 'POST', `/api/orders/${id}/updateseen`, { as, payload });

describe('order chat: who may see it', () => {
  it('answers 401 on every chat call without a token', async () => {
    for (const [method, path] of [
      ['GET', 'messages'],
      ['POST', 'messages'],
      ['GET', 'unreadmessages'],
      ['POST', 'updateseen'],
    ] as const) {
      const res = await call(app, method, `/api/orders/${shared}/${path}`, {
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('shows the chat of an order to everyone in its scope, the assigned technician and admins', async () => {
    for (const who of ['superAdmin', 'admin', 'chainAdmin', 'director', 'store', 'tech'] as const) {
      const res = await messages(shared, who);
      expect(res.statusCode, `${who}: ${res.body}`).toBe(200);
    }
  });

  it("answers 404 for the chat, the unread count and the seen marker of an order outside the caller's scope", async () => {
    for (const who of ['chainAdmin', 'director', 'store', 'tech'] as const) {
      for (const res of [
        await messages(foreign, who),
        await call(app, 'GET', `/api/orders/${foreign}/unreadmessages`, { as: who }),
        await seen(foreign, who),
        await send(foreign, who, { body: 'Hello?' }),
      ]) {
        expect(res.statusCode, `${who}: ${res.body}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Order not found.' });
      }
    }
    // The other chain's own people do see it.
    expect((await messages(foreign, 'chainAdmin2')).statusCode).toBe(200);
    expect((await messages(foreign, 'tech2')).statusCode).toBe(200);
  });

  it('hides an order of its own store from a technician it is not assigned to', async () => {
    expect((await messages(unassigned, 'store')).statusCode).toBe(200);
    expect((await messages(unassigned, 'tech')).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/orders/${unassigned}/unreadmessages`, { as: 'tech' })).statusCode).toBe(404);
  });

  it('writes nothing into an order outside the scope', async () => {
    const before = (await messages(foreign, 'admin')).json().payload.total;
    expect((await send(foreign, 'store', { body: 'Sneaky' })).statusCode).toBe(404);
    expect((await messages(foreign, 'admin')).json().payload.total).toBe(before);
  });

  it('answers 404 for an order that does not exist or a malformed id, localized', async () => {
    const res = await call(app, 'GET', '/api/orders/999999/unreadmessages', { as: 'admin', lang: 'sv' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Ordern hittades inte.');
    expect((await call(app, 'GET', '/api/orders/abc/messages', { as: 'admin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/orders/1234567890/messages', { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('order chat: writing', () => {
  it('answers 201 with the message, its sender and time; the text is stored as written', async () => {
    const body = '<b>Door</b> still broken & <script>alert(1)</script>\nSecond line';
    const res = await send(shared, 'store', { body: `  ${body}  ` }, 'sv');
    expect(res.statusCode, res.body).toBe(201);
    const json = res.json();
    expect(json.message).toBe('Meddelandet har skickats.');
    expect(json.payload).toMatchObject({
      order_id: shared,
      sender: { name: 'Maria Svensson' },
      body,
      own: true,
    });
    expect(json.payload.sender_id).toBe(json.payload.sender.id);
    expect(Math.abs(Date.parse(json.payload.created_at) - Date.now())).toBeLessThan(60_000);
    expect(json.payload.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const first = (await messages(shared, 'tech')).json().payload.data[0];
    expect(first).toMatchObject({ id: json.payload.id, body, own: false });
  });

  it('answers 422 "is required" for a missing, empty or blank body, in the caller language', async () => {
    for (const payload of [{}, { body: '' }, { body: '   \n ' }]) {
      const res = await send(shared, 'store', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'body: is required', errors: { body: ['is required'] } });
    }
    const fi = await send(shared, 'store', { body: '' }, 'fi');
    expect(fi.json().errors).toEqual({ body: ['pakollinen tieto'] });
  });

  it(`answers 422 for a body longer than ${CHAT_MAX_LENGTH} characters and accepts exactly ${CHAT_MAX_LENGTH}`, async () => {
    const over = await send(shared, 'store', { body: 'x'.repeat(CHAT_MAX_LENGTH + 1) });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors).toEqual({ body: [`may not be longer than ${CHAT_MAX_LENGTH} characters`] });
    const sv = await send(shared, 'store', { body: 'x'.repeat(CHAT_MAX_LENGTH + 1) }, 'sv');
    expect(sv.json().errors).toEqual({ body: [`får vara högst ${CHAT_MAX_LENGTH} tecken`] });
    expect((await send(shared, 'store', { body: 'x'.repeat(CHAT_MAX_LENGTH) })).statusCode).toBe(201);
  });

  it('answers 422 for a body that is not text or holds a NUL character', async () => {
    expect((await send(shared, 'store', { body: 42 })).json().errors).toEqual({ body: ['must be text'] });
    expect((await send(shared, 'store', { body: 'a\u0000b' })).json().errors).toEqual({
      body: ['may not contain control characters'],
    });
  });
});

describe('order chat: unread counts and seen markers per user', () => {
  it("counts others' new messages per user, never the user's own, and clears only the reader's count", async () => {
    // Start from a clean slate for everyone involved.
    for (const who of ['store', 'tech', 'director'] as const) expect((await seen(shared, who)).statusCode).toBe(200);
    for (const who of ['store', 'tech', 'director'] as const) expect(await unread(shared, who)).toBe(0);

    expect((await send(shared, 'store', { body: 'The freezer is leaking again.' })).statusCode).toBe(201);
    expect(await unread(shared, 'store')).toBe(0);
    expect(await unread(shared, 'tech')).toBe(1);
    expect(await unread(shared, 'director')).toBe(1);

    const marked = await seen(shared, 'tech', undefined);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().payload.message_count).toBe(0);
    expect(await unread(shared, 'tech')).toBe(0);
    expect(await unread(shared, 'director')).toBe(1);

    await send(shared, 'tech', { body: 'On my way, there in 30 minutes.' });
    await send(shared, 'tech', { body: 'Bring the spare key, please.' });
    expect(await unread(shared, 'store')).toBe(2);
    expect(await unread(shared, 'director')).toBe(3);
    expect(await unread(shared, 'tech')).toBe(0);
  });

  it('marks only up to the newest message the user was shown, and never moves the marker back', async () => {
    await seen(shared, 'chainAdmin');
    const a = (await send(shared, 'store', { body: 'One' })).json().payload.id as number;
    await send(shared, 'store', { body: 'Two' });
    expect(await unread(shared, 'chainAdmin')).toBe(2);
    const partial = await seen(shared, 'chainAdmin', { message_id: a });
    expect(partial.json().payload).toEqual({ last_seen_message_id: a, message_count: 1 });
    expect(await unread(shared, 'chainAdmin')).toBe(1);
    await seen(shared, 'chainAdmin');
    expect(await unread(shared, 'chainAdmin')).toBe(0);
    const back = await seen(shared, 'chainAdmin', { message_id: 1 });
    expect(back.json().payload.message_count).toBe(0);
    expect(back.json().payload.last_seen_message_id).toBeGreaterThan(a);
    expect((await seen(shared, 'chainAdmin', { message_id: 'x' })).statusCode).toBe(422);
  });

  it('keeps one marker row per user and order, however often it is set', async () => {
    for (let i = 0; i < 3; i++) await seen(shared, 'admin');
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chat_seen s join users u on u.id = s.user_id
          where u.email = 'admin@example.com' and s.order_id = ${shared}`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('counts all messages of an order as unread for a user who never opened its chat', async () => {
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from chat_messages m where m.order_id = ${foreign}
          and m.sender_id is distinct from (select id from users where email = 'chainadmin2@example.com')`,
    );
    expect(await unread(foreign, 'chainAdmin2')).toBe(rows[0].n);
  });
});

describe('order chat: ordering and paging', () => {
  it('answers the newest 10 first, grows by the limit, and pages in the contract shape', async () => {
    const before = (await messages(paging, 'store')).json().payload.total as number;
    const ids: number[] = [];
    for (let i = 1; i <= 25; i++) {
      ids.push((await send(paging, i % 2 ? 'store' : 'tech', { body: `Message ${i}` })).json().payload.id);
    }
    const total = before + 25;

    const first = (await messages(paging, 'store')).json().payload;
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total, last_page: Math.ceil(total / 10) });
    expect(first.data.map((m: { body: string }) => m.body)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Message ${25 - i}`),
    );
    expect(first.data[0]).toMatchObject({ own: true, sender: { name: 'Maria Svensson' } });
    expect(first.data[1]).toMatchObject({ own: false, sender: { name: 'Mikko Virtanen' } });

    const grown = (await messages(paging, 'store', { limit: 20 })).json().payload;
    expect(grown.data.map((m: { id: number }) => m.id)).toEqual(ids.slice(5).reverse());

    const third = (await messages(paging, 'store', { limit: 10, page: 3 })).json().payload;
    expect(third.data[0].body).toBe('Message 5');
    expect(third.data).toHaveLength(Math.min(10, total - 20));

    const beyond = (await messages(paging, 'store', { page: 99 })).json().payload;
    expect(beyond).toMatchObject({ data: [], total, current_page: 99 });
  });

  it('answers an empty first page for an order without messages', async () => {
    const quiet = await orderWhere(
      sql`not exists (select 1 from chat_messages m where m.order_id = o.id) and o.id not in (${shared}, ${paging})`,
    );
    const res = await messages(quiet, 'admin');
    expect(res.json().payload).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 });
    expect(await unread(quiet, 'admin')).toBe(0);
  });

  it('answers 422 for a limit outside 1 to 1000 or a page below 1', async () => {
    const queries: Record<string, string | number>[] = [{ limit: 0 }, { limit: 1001 }, { page: 0 }, { limit: 'ten' }];
    for (const query of queries) {
      expect((await messages(paging, 'store', query)).statusCode).toBe(422);
    }
  });

  it("shows a deleted sender's messages without a sender", async () => {
    const { rows } = await app.db.execute<{ id: number }>(sql`
      insert into users (name, email, password_hash, role_id)
      values ('Temp', 'temp-chat@example.com', 'x', (select id from roles where slug = 'admin')) returning id`);
    await app.db.execute(
      sql`insert into chat_messages (order_id, sender_id, body) values (${paging}, ${rows[0].id}, 'Bye')`,
    );
    await app.db.execute(sql`delete from users where id = ${rows[0].id}`);
    const newest = (await messages(paging, 'store')).json().payload.data[0];
    expect(newest).toMatchObject({ body: 'Bye', sender_id: null, sender: null, own: false });
  });
});
