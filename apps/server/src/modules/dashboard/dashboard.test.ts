import type { Dashboard } from '@wop/shared/dashboard';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';
import { tallyErrors } from '../orders/list/tally-check.ts';

const app = await createTestApp();
/** The demo technicians' user ids. */
const [TECH, TECH2] = [6, 7];

type Query = Record<string, string | number>;
const dashboard = async (as: DemoUser, query: Query = {}) => {
  const res = await call(app, 'GET', '/api/dashboard', { as, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as Dashboard;
};
const total = async (as: DemoUser, query: Query) => {
  const res = await call(app, 'GET', '/api/orders', { as, query: { ...query, limit: 1 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.total as number;
};

/** Day `d` days from today as the list's date_range bound (DD-MM-YYYY HH:mm:ss, APP_TIMEZONE). */
const day = (d: number, time: string) => {
  const date = new Date(Date.now() + d * 86_400_000);
  const [y, m, dd] = date.toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' }).split('-');
  return `${dd}-${m}-${y} ${time}`;
};

beforeAll(async () => {
  // Give the demo data a recall and a confirmed fix, so the first-time-fix rate is neither 0 nor 1.
  for (const fixed of [true, false]) {
    const body = multipart({ description: 'Belysningen blinkar.', worktype_id: 2, priority: 10, store_id: 1 });
    const created = await call(app, 'POST', '/api/orders', { as: 'store', ...body });
    const { id } = created.json().payload;
    await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { status: 'completed' } });
    const res = await call(app, 'POST', `/api/orders/${id}/confirm`, {
      as: 'store',
      payload: fixed ? { fixed } : { fixed, comment: 'Blinkar fortfarande' },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});

const ROLES: DemoUser[] = ['superAdmin', 'admin', 'chainAdmin', 'director', 'store', 'chainAdmin2', 'store2'];
const FILTERS: Query[] = [
  {},
  { chain_id: 1 },
  { chain_id: 2 },
  { region_id: 1 },
  { store_id: 1 },
  { chain_id: 1, region_id: 1, store_id: 2 },
  { date_range: `${day(-30, '00:00:00')}|${day(0, '23:59:59')}` },
  { chain_id: 1, date_range: `${day(-400, '00:00:00')}|${day(-7, '23:59:59')}` },
];

/** Every number of the dashboard against the total of its order list. */
async function expectListTotals(as: DemoUser, filter: Query) {
  const d = await dashboard(as, filter);
  expect(d.created).toBe(await total(as, filter));
  for (const [status, n] of Object.entries(d.open_by_status)) {
    expect(n, status).toBe(await total(as, { ...filter, status }));
  }
  expect(d.open_by_status).not.toHaveProperty('completed');
  expect(d.completed).toBe(await total(as, { ...filter, status: 'completed' }));
  expect(d.overdue).toBe(await total(as, { ...filter, overdue: 1 }));
  expect(d.awaiting_approval).toBe(await total(as, { ...filter, approval_status: 'pending', open: 1 }));
  const firstFix = await total(as, { ...filter, status: 'completed', recalled: 0 });
  expect(d.first_time_fix_rate).toBe(d.completed ? firstFix / d.completed : null);
  for (const store of d.by_store) {
    expect(store.open).toBe(await total(as, { ...filter, store_id: store.store_id, open: 1 }));
    expect(store.overdue).toBe(await total(as, { ...filter, store_id: store.store_id, overdue: 1 }));
  }
  expect(d.weekly).toHaveLength(12);
}

describe('the dashboard equals the order list', () => {
  for (const as of ROLES) {
    for (const filter of FILTERS) {
      it(`for ${as} with ${JSON.stringify(filter)}`, () => expectListTotals(as, filter));
    }
  }
});

describe('GET /api/dashboard', () => {
  it('counts a recall against the first-time-fix rate of the store', async () => {
    const d = await dashboard('store', { store_id: 1 });
    expect(d.completed).toBeGreaterThanOrEqual(2);
    expect(d.first_time_fix_rate).toBeGreaterThan(0);
    expect(d.first_time_fix_rate).toBeLessThan(1);
  });

  it("shows only the caller's stores and ranks them by overdue, at most 10", async () => {
    const chain2 = await dashboard('chainAdmin2');
    const chain1 = await dashboard('chainAdmin');
    expect(chain2.by_store.length).toBeGreaterThan(0);
    expect(chain2.by_store.length).toBeLessThanOrEqual(10);
    const ids1 = new Set(chain1.by_store.map((s) => s.store_id));
    expect(chain2.by_store.some((s) => ids1.has(s.store_id))).toBe(false);
    const overdue = chain1.by_store.map((s) => s.overdue);
    expect(overdue).toEqual([...overdue].sort((a, b) => b - a));
    // Filtering by a chain outside the scope finds nothing rather than another chain's numbers.
    expect((await dashboard('chainAdmin', { chain_id: 2 })).created).toBe(0);
  });

  it('counts this week in the last of 12 ISO weeks, oldest first', async () => {
    const d = await dashboard('store');
    const weeks = d.weekly.map((w) => w.week);
    expect(weeks).toEqual([...weeks].sort());
    for (const w of weeks) expect(w).toMatch(/^\d{4}-W\d{2}$/);
    const thisWeek = d.weekly.at(-1);
    expect(thisWeek?.created).toBeGreaterThanOrEqual(3);
    expect(thisWeek?.completed).toBeGreaterThanOrEqual(2);
    const week = `${day(-6, '00:00:00')}|${day(0, '23:59:59')}`;
    expect(await total('store', { date_range: week })).toBeGreaterThanOrEqual(thisWeek?.created ?? 0);
  });

  it('refuses technicians (403) and a malformed date range (422, localized)', async () => {
    expect((await call(app, 'GET', '/api/dashboard', { as: 'tech' })).statusCode).toBe(403);
    const bad = await call(app, 'GET', '/api/dashboard', {
      as: 'admin',
      lang: 'fi',
      query: { date_range: '31-02-2026 00:00:00|01-03-2026 00:00:00' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['date_range']);
  });
});

/** A technician (no dashboard) gets list totals, read from their tallies, equal to the rows listed. */
async function expectTechnicianTotals(as: 'tech' | 'tech2') {
  const filters: Query[] = [{}, { status: 'completed' }, { approval_status: 'rejected' }, { open: 1, overdue: 0 }];
  for (const filter of filters) {
    const res = await call(app, 'GET', '/api/orders', { as, query: { ...filter, limit: 100 } });
    const { data, total: listed } = res.json().payload as { data: unknown[]; total: number };
    expect(listed, JSON.stringify(filter)).toBe(data.length);
  }
}

describe('order_tallies (the counts the dashboard reads)', () => {
  const order = async (store_id: number) => {
    const store = (await call(app, 'GET', `/api/stores/${store_id}`, { as: 'admin' })).json().payload;
    const where = { chain_id: store.chain_id, store_id, ...(store.region_id ? { region_id: store.region_id } : {}) };
    const body = multipart({ description: 'Kylen brummar.', worktype_id: 1, priority: 20, ...where });
    const res = await call(app, 'POST', '/api/orders', { as: 'admin', ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().payload.id as number;
  };
  const put = async (id: number, payload: Record<string, unknown>) => {
    const res = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const remove = async (id: number) => {
    const res = await call(app, 'DELETE', `/api/orders/${id}`, { as: 'admin' });
    expect(res.statusCode, res.body).toBe(200);
  };
  const moveStore = async (id: number, chain_id: number, region_id: number | null) => {
    const current = (await call(app, 'GET', `/api/stores/${id}`, { as: 'admin' })).json().payload;
    const fields = ['store_name', 'phone', 'email', 'invoice_address', 'contact_person'] as const;
    const payload = { ...Object.fromEntries(fields.map((f) => [f, current[f] ?? ''])), chain_id, region_id };
    const res = await call(app, 'PUT', `/api/stores/${id}`, { as: 'admin', payload });
    expect(res.statusCode, res.body).toBe(200);
    return { chain_id: current.chain_id as number, region_id: current.region_id as number | null };
  };

  it('stay exact through creates, status, approval and technician changes, a store move, a recall and deletes', async () => {
    expect(await tallyErrors(app.db)).toEqual([]);
    const [a, b, c, d] = [await order(1), await order(1), await order(2), await order(3)];
    await put(a, { status: 'planned', planned_at: '2026-12-01 08:00' });
    await put(b, { approval_status: 'approved' });
    await put(c, { status: 'confirmed' });
    // Rejecting stops it: back to pending with the rejection.
    await put(c, { approval_status: 'rejected' });
    await put(d, { status: 'completed' });
    await put(d, { status: 'pending' });
    // Technicians assigned, one order handed to another, and one taken off again.
    for (const id of [a, b, d]) await put(id, { technician_id: TECH });
    await put(d, { technician_id: TECH2 });
    await put(a, { technician_id: null });
    expect(await tallyErrors(app.db)).toEqual([]);
    for (const as of ['tech', 'tech2'] as const) await expectTechnicianTotals(as);
    // The store moves to the other chain (its orders with it), and back.
    const home = await moveStore(3, 2, null);
    expect(await tallyErrors(app.db)).toEqual([]);
    await expectListTotals('admin', { chain_id: 2 });
    await moveStore(3, home.chain_id, home.region_id);
    // A recall: the original is completed, the store says "not fixed", a follow-up opens.
    await put(b, { status: 'completed' });
    const recall = await call(app, 'POST', `/api/orders/${b}/confirm`, {
      as: 'store',
      payload: { fixed: false, comment: 'Brummar fortfarande' },
    });
    expect(recall.statusCode, recall.body).toBe(201);
    expect(await tallyErrors(app.db)).toEqual([]);
    await expectListTotals('store', {});
    // Deleting the follow-up clears the original's recall (ON DELETE SET NULL): a write by the database.
    await remove(recall.json().payload.recall_order_id);
    await remove(c);
    expect(await tallyErrors(app.db)).toEqual([]);
    for (const as of ['admin', 'chainAdmin', 'director', 'store'] as const) await expectListTotals(as, {});
    for (const as of ['tech', 'tech2'] as const) await expectTechnicianTotals(as);
  });

  it('stay exact under concurrent writes', async () => {
    const ids = await Promise.all([1, 1, 1, 2, 2, 3].map((store) => order(store)));
    await Promise.all(ids.map((id, i) => put(id, { technician_id: i % 2 ? TECH : TECH2 })));
    await Promise.all(
      ids.map((id, i) =>
        put(
          id,
          i % 2
            ? { status: 'completed', approval_status: 'approved', technician_id: TECH2 }
            : { approval_status: 'rejected' },
        ),
      ),
    );
    // A rejected order takes no status but pending: those are reconsidered in the same change.
    await Promise.all(
      ids.map((id, i) =>
        i % 3 ? put(id, { status: 'confirmed', ...(i % 2 ? {} : { approval_status: 'pending' }) }) : remove(id),
      ),
    );
    expect(await tallyErrors(app.db)).toEqual([]);
    await expectListTotals('chainAdmin', {});
    await expectTechnicianTotals('tech2');
  });

  it('per technician, stay exact when a technician is deleted and the database takes their orders off them', async () => {
    const payload = {
      name: 'Tove Tekniker',
      email: 'tove.tekniker@example.com',
      phone_no: '0701234567',
      password: 'secret123',
      role: 'technician',
    };
    const created = await call(app, 'POST', '/api/users', { as: 'admin', payload });
    expect(created.statusCode, created.body).toBe(201);
    const technician = created.json().payload.id as number;
    for (const store of [1, 2, 3]) await put(await order(store), { technician_id: technician });
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select coalesce(sum(n), 0)::int as n from order_technician_tallies where technician_id = ${technician}`,
    );
    expect(rows[0].n).toBe(3);
    expect((await call(app, 'DELETE', `/api/users/${technician}`, { as: 'admin' })).statusCode).toBe(200);
    expect(await tallyErrors(app.db)).toEqual([]);
  });
});
