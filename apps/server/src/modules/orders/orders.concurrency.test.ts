import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';
import { storeOrder } from '../../test/orders.ts';

const app = await createTestApp();

// Demo data (db/seed.ts): store@ has store 1; tech@ is user 6, tech2@ user 7.
const TECH = 6;
const TECH2 = 7;

const newOrder = async () => (await storeOrder(app, 'Dörren till kylrummet stänger inte.')).id;

const get = (id: number, as: DemoUser = 'admin') => call(app, 'GET', `/api/orders/${id}`, { as });
const put = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}, lang?: 'sv' | 'fi') =>
  call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload, headers, lang });
const versionOf = async (id: number) => (await get(id)).json().payload.version as number;

describe('order versions and ETags', () => {
  it('sends the version as ETag and in the order, and counts every change', async () => {
    const id = await newOrder();
    const res = await get(id);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json().payload.version).toBe(1);

    const changed = await put(id, { priority: 10 });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).toBe('"2"');
    expect(changed.json().payload.version).toBe(2);
    // Nothing to change is no new version.
    expect((await put(id, { priority: 10 })).headers.etag).toBe('"2"');
    // Status, technician, approval, dates: each write counts once.
    await put(id, { status: 'planned', planned_at: '2030-04-01T08:00:00Z' });
    await put(id, { technician_id: TECH, status: 'planned' });
    await put(id, { approval_status: 'approved' });
    expect(await versionOf(id)).toBe(5);
    // The list carries the version too.
    const list = await call(app, 'GET', '/api/orders', { as: 'admin', query: { limit: 5 } });
    expect(list.json().payload.data.find((o: { id: number }) => o.id === id)).toMatchObject({ version: 5 });
  });

  it("counts the store's sign-off as a change", async () => {
    const id = await newOrder();
    await put(id, { status: 'completed' });
    const before = await versionOf(id);
    const res = await call(app, 'POST', `/api/orders/${id}/confirm`, { as: 'store', payload: { fixed: true } });
    expect(res.statusCode, res.body).toBe(201);
    expect(await versionOf(id)).toBe(before + 1);
  });

  it('applies a change made against the current version, and answers its new ETag', async () => {
    const id = await newOrder();
    const res = await put(id, { priority: 30 }, { 'if-match': '"1"' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json().payload).toMatchObject({ priority: 30, version: 2 });
  });

  it("refuses a change made against an older version with 412 and the current order, in the caller's language", async () => {
    const id = await newOrder();
    await put(id, { priority: 10 });
    const res = await put(id, { priority: 30 }, { 'if-match': '"1"' });
    expect(res.statusCode).toBe(412);
    expect(res.headers.etag).toBe('"2"');
    const body = res.json();
    expect(body.message).toBe('Someone else changed this order. Review their changes and apply yours again.');
    expect(body.payload).toMatchObject({ id, priority: 10, version: 2 });
    expect(body.payload.history.map((h: { field: string }) => h.field)).toEqual(['created', 'priority']);
    // Nothing was written.
    expect((await get(id)).json().payload).toMatchObject({ priority: 10, version: 2 });
    expect((await put(id, { priority: 30 }, { 'if-match': '"1"' }, 'sv')).json().message).toBe(
      'Någon annan har ändrat den här ordern. Granska deras ändringar och gör dina igen.',
    );
    expect((await put(id, { priority: 30 }, { 'if-match': '"1"' }, 'fi')).json().message).toBe(
      'Joku muu on muuttanut tätä tilausta. Tarkista muutokset ja tee omasi uudelleen.',
    );
    // A weak tag never matches; a list with the current tag, a bare number and * do.
    expect((await put(id, { priority: 30 }, { 'if-match': 'W/"2"' })).statusCode).toBe(412);
    expect((await put(id, { priority: 30 }, { 'if-match': '"1", "2"' })).statusCode).toBe(200);
    expect((await put(id, { priority: 20 }, { 'if-match': '3' })).statusCode).toBe(200);
    expect((await put(id, { priority: 10 }, { 'if-match': '*' })).statusCode).toBe(200);
  });

  it('answers 404, not 412, for an order outside the scope', async () => {
    const res = await call(app, 'PUT', '/api/orders/13', {
      as: 'chainAdmin',
      payload: { priority: 10 },
      headers: { 'if-match': '"999"' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('parallel edits of one order', () => {
  // The status changes back and forth: a lock that joined the status table lost rows here (404).
  it('applies 20 parallel edits without If-Match, each once: all 200, the version 20 higher', async () => {
    const id = await newOrder();
    await put(id, { status: 'planned', planned_at: '2030-01-01T00:00:00Z' });
    const before = await versionOf(id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(id, {
          status: i % 2 ? 'planned' : 'revisit-required',
          planned_at: new Date(Date.UTC(2030, 1, 1, i)).toISOString(),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await versionOf(id)).toBe(before + 20);
    const history = (await get(id)).json().payload.history.filter((h: { field: string }) => h.field === 'planned_at');
    expect(history).toHaveLength(21);
  });

  it('lets exactly one of 20 parallel edits with the same If-Match through; the others get 412 and the order', async () => {
    const id = await newOrder();
    const version = await versionOf(id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        put(id, { technician_id: i % 2 ? TECH : TECH2, priority: [10, 30][i % 2] }, { 'if-match': `"${version}"` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(412)]);
    const winner = answers.find((r) => r.statusCode === 200)?.json().payload;
    expect(winner.version).toBe(version + 1);
    for (const lost of answers.filter((r) => r.statusCode === 412)) {
      expect(lost.json().payload).toMatchObject({
        version: version + 1,
        technician_id: winner.technician_id,
        priority: winner.priority,
      });
    }
  });
});
