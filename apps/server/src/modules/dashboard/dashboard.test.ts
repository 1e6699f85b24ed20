import type { Dashboard } from '@wop/shared/dashboard';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';

const app = await createTestApp();

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

describe('the dashboard equals the order list', () => {
  for (const as of ROLES) {
    for (const filter of FILTERS) {
      it(`for ${as} with ${JSON.stringify(filter)}`, async () => {
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
      });
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
