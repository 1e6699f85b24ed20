import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';

const app = await createTestApp();

// Demo data: store 1 (store@) is in region 1 (director@) of chain 1 (chainadmin@); store 10 is
// Kotimarket's (chainadmin2@). tech@ = 6.
const TECH = 6;

async function newAsset(storeId: number, name: string) {
  const res = await call(app, 'POST', '/api/assets', {
    as: 'admin',
    payload: { store_id: storeId, name, worktype_id: 3, warranty_until: '2099-12-31' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; tag: string };
}

async function order(storeId: number, assetId: number, as: DemoUser = 'admin') {
  const fields = { description: 'Larmar igen.', worktype_id: 3, priority: 20, store_id: storeId, asset_id: assetId };
  const body = multipart(as === 'admin' ? { ...fields, chain_id: storeId < 10 ? 1 : 2 } : fields);
  const res = await call(app, 'POST', '/api/orders', { as, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; project_number: number };
}

const asset = async (id: number, as: DemoUser = 'chainAdmin') =>
  (await call(app, 'GET', `/api/assets/${id}`, { as })).json().payload;

describe('an asset that needs attention', () => {
  it('is flagged "repeated" at its third order within 90 days; older orders do not count', async () => {
    const a = await newAsset(1, 'Frysö A1');
    const old = await order(1, a.id);
    await app.db.execute(sql`update orders set created_at = now() - interval '91 days' where id = ${old.id}`);
    await order(1, a.id);
    await order(1, a.id);
    expect(await asset(a.id)).toMatchObject({ orders_90d: 2, attention: null });
    await order(1, a.id);
    expect(await asset(a.id)).toMatchObject({ orders_90d: 3, attention: 'repeated' });
    const list = await call(app, 'GET', '/api/assets', { as: 'store', query: { store_id: 1, limit: 100 } });
    const row = (list.json().payload.data as { id: number; attention: string | null }[]).find((r) => r.id === a.id);
    expect(row?.attention).toBe('repeated');
  });

  it('is among the top 10 of the dashboard in its scope, each count the total of its order list', async () => {
    const a = await newAsset(1, 'Kassalinje A2');
    for (let i = 0; i < 5; i++) await order(1, a.id);
    const dashboard = await call(app, 'GET', '/api/dashboard', { as: 'director' });
    expect(dashboard.statusCode, dashboard.body).toBe(200);
    const flagged = dashboard.json().payload.assets_attention as { id: number; orders_90d: number }[];
    expect(flagged[0]).toMatchObject({ id: a.id, tag: a.tag, orders_90d: 5, attention: 'repeated', store_id: 1 });
    expect(flagged.length).toBeLessThanOrEqual(10);
    for (const f of flagged) {
      const list = await call(app, 'GET', '/api/orders', { as: 'director', query: { asset_id: f.id } });
      expect(list.json().payload.total).toBeGreaterThanOrEqual(f.orders_90d);
    }
    // Another chain's dashboard does not see it; a chosen store narrows it.
    const other = (await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin2' })).json().payload.assets_attention;
    expect(other.map((f: { id: number }) => f.id)).not.toContain(a.id);
    const store2 = await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin', query: { store_id: 2 } });
    expect(store2.json().payload.assets_attention.map((f: { id: number }) => f.id)).not.toContain(a.id);
  });
});

describe('an asset whose repairs cost half a new one', () => {
  it('is flagged "replace" from its orders of the last 12 months, and shows on the dashboard', async () => {
    const res = await call(app, 'POST', '/api/assets', {
      as: 'admin',
      payload: { store_id: 1, name: 'Kompressor C1', worktype_id: 3, replacement_value_minor: 100_000 },
    });
    const a = res.json().payload as { id: number; tag: string };
    const first = await order(1, a.id);
    const second = await order(1, a.id);
    const cost = (id: number, minor: number) =>
      app.db.execute(sql`update order_costs set material_minor = ${minor} where order_id = ${id}`);
    await cost(first.id, 30_000);
    await cost(second.id, 19_999);
    expect(await asset(a.id)).toMatchObject({ cost_12m_minor: 49_999, attention: null });
    // An order older than 12 months does not count.
    const old = await order(1, a.id);
    await cost(old.id, 90_000);
    await app.db.execute(sql`update orders set created_at = now() - interval '13 months' where id = ${old.id}`);
    expect(await asset(a.id)).toMatchObject({ cost_12m_minor: 49_999, attention: null });
    await cost(second.id, 20_000);
    expect(await asset(a.id)).toMatchObject({ cost_12m_minor: 50_000, attention: 'replace' });
    const history = (await call(app, 'GET', `/api/assets/${a.id}/history`, { as: 'chainAdmin' })).json().payload.data;
    expect(history.map((o: { id: number; cost_minor: number }) => [o.id, o.cost_minor])).toEqual([
      [second.id, 20_000],
      [first.id, 30_000],
      [old.id, 90_000],
    ]);
    const flagged = (await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin' })).json().payload.assets_attention;
    expect(flagged.find((f: { id: number }) => f.id === a.id)).toMatchObject({
      attention: 'replace',
      cost_12m_minor: 50_000,
      replacement_value_minor: 100_000,
    });
  });
});

describe("an asset's history", () => {
  it('lists its orders open first, newest first, under warranty, with repeats and time on site', async () => {
    const a = await newAsset(1, 'Dörr H1');
    const first = await order(1, a.id);
    const second = await order(1, a.id);
    const third = await order(1, a.id);
    await call(app, 'PUT', `/api/orders/${second.id}`, { as: 'admin', payload: { status: 'completed' } });
    const fourth = await order(1, a.id);
    const res = await call(app, 'GET', `/api/assets/${a.id}/history`, { as: 'store', lang: 'sv' });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().payload.data as { id: number; open: boolean; status_label: string }[];
    expect(items.map((o) => o.id)).toEqual([fourth.id, third.id, first.id, second.id]);
    expect(res.json().payload.total).toBe(4);
    expect(items.map((o) => o.open)).toEqual([true, true, true, false]);
    expect(items[3]).toMatchObject({ status: 'completed', status_label: 'Slutförd', under_warranty: true });
    expect(items[0]).toMatchObject({
      repeat_of: { id: second.id, project_number: second.project_number },
      time_on_site_minutes: 0,
    });
    const paged = await call(app, 'GET', `/api/assets/${a.id}/history`, { as: 'store', query: { limit: 2, page: 2 } });
    expect(paged.json().payload.data.map((o: { id: number }) => o.id)).toEqual([first.id, second.id]);
  });

  it("shows a technician only its own orders of the asset, and the asset's history is 404 out of scope", async () => {
    const a = await newAsset(1, 'Kompressor H2');
    const mine = await order(1, a.id);
    await order(1, a.id);
    await call(app, 'PUT', `/api/orders/${mine.id}`, { as: 'admin', payload: { technician_id: TECH } });
    const res = await call(app, 'GET', `/api/assets/${a.id}/history`, { as: 'tech' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.data.map((o: { id: number }) => o.id)).toEqual([mine.id]);
    expect((await call(app, 'GET', `/api/assets/${a.id}/history`, { as: 'store2' })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/assets/${a.id}/history`)).statusCode).toBe(401);
    const bad = await call(app, 'GET', `/api/assets/${a.id}/history`, { as: 'store', query: { limit: 'many' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ limit: ['must be a number'] });
  });
});

describe('the asset list filtered on attention', () => {
  /** The ids the list answers (with the filters given), and its total. */
  async function listed(query: Record<string, string | number>, as: DemoUser = 'chainAdmin') {
    const res = await call(app, 'GET', '/api/assets', { as, query: { limit: 1000, ...query } });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().payload as { data: { id: number; attention: string | null }[]; total: number };
    expect(page.total).toBe(page.data.length);
    return page.data;
  }

  it('keeps exactly the assets flagged as the asset itself says, by either flag or one', async () => {
    const calm = await newAsset(1, 'Lugn F1');
    await order(1, calm.id);
    const busy = await newAsset(1, 'Upptagen F2');
    for (let i = 0; i < 3; i++) await order(1, busy.id);
    const costly = await call(app, 'POST', '/api/assets', {
      as: 'admin',
      payload: { store_id: 1, name: 'Dyr F3', worktype_id: 3, replacement_value_minor: 10_000 },
    });
    const dear = costly.json().payload as { id: number };
    const repair = await order(1, dear.id);
    await app.db.execute(sql`update order_costs set material_minor = 5000 where order_id = ${repair.id}`);

    const any = await listed({ attention: 'any' });
    expect(any.map((a) => a.id)).toEqual(expect.arrayContaining([busy.id, dear.id]));
    expect(any.map((a) => a.id)).not.toContain(calm.id);
    expect(any.every((a) => a.attention !== null)).toBe(true);
    const repeated = await listed({ attention: 'repeated' });
    expect(repeated.map((a) => a.id)).toContain(busy.id);
    expect(repeated.every((a) => a.attention === 'repeated')).toBe(true);
    const replace = await listed({ attention: 'replace' });
    expect(replace.map((a) => a.id)).toContain(dear.id);
    expect(replace.every((a) => a.attention === 'replace')).toBe(true);
    // Every flagged asset of the unfiltered list, and only those.
    const all = await listed({});
    expect(any.map((a) => a.id).sort()).toEqual(
      all
        .filter((a) => a.attention)
        .map((a) => a.id)
        .sort(),
    );
    // Within the caller's scope: another chain sees none of them.
    const other = await listed({ attention: 'any' }, 'chainAdmin2');
    expect(other.map((a) => a.id)).not.toContain(busy.id);
  });

  it('answers 422 for a flag it does not know, in the caller language', async () => {
    const res = await call(app, 'GET', '/api/assets', { as: 'store', lang: 'sv', query: { attention: 'broken' } });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['attention']);
  });
});
