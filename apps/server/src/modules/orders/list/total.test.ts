import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../../test/app.ts';

/*
 * The list's total is read from the order tallies where the filter allows (list/total.ts
 * totalOf), and overdue is derived from them. Whatever the path, the total must be the number of
 * rows the list actually gives: here every page is walked and counted.
 */
const app = await createTestApp();

beforeAll(async () => {
  // Orders in several states: one due in the future (ASAP on a fresh order is due in hours), one
  // completed, one signed off as not fixed (a recall), one on another technician.
  for (const [status, fixed] of [
    ['pending', undefined],
    ['completed', undefined],
    ['completed', false],
  ] as const) {
    const body = multipart({ description: 'Kylen surrar.', worktype_id: 2, priority: 10, store_id: 1 });
    const created = await call(app, 'POST', '/api/orders', { as: 'store', ...body });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json().payload;
    if (status === 'completed') await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { status } });
    if (fixed === false) {
      const res = await call(app, 'POST', `/api/orders/${id}/confirm`, {
        as: 'store',
        payload: { fixed, comment: 'Surrar fortfarande' },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  }
});

async function listed(as: DemoUser, query: Record<string, string | number>) {
  let page = 1;
  let rows = 0;
  let total = -1;
  for (;;) {
    const res = await call(app, 'GET', '/api/orders', { as, query: { ...query, limit: 100, page } });
    expect(res.statusCode, res.body).toBe(200);
    const { data, total: t } = res.json().payload as { data: unknown[]; total: number };
    total = t;
    rows += data.length;
    if (data.length < 100) return { rows, total };
    page += 1;
  }
}

const ROLES: DemoUser[] = ['superAdmin', 'admin', 'chainAdmin', 'director', 'store', 'tech', 'tech2'];
const FILTERS: Record<string, string | number>[] = [
  {},
  { overdue: 'true' },
  { overdue: 'false' },
  { open: 'true', overdue: 'true' },
  { open: 'false', overdue: 'false' },
  { status: 'pending' },
  { approval_status: 'approved', overdue: 'true' },
  { recalled: 'true' },
  { recalled: 'false', open: 'false' },
  { chain_id: 1, overdue: 'true' },
  { store_id: 1, status: 'completed' },
  { worktype_id: 2 },
  { technician_id: 6 },
  { technician_id: 6, status: 'completed' },
  { unassigned: 'true' },
  { unassigned: 'false', open: 'true' },
  { awaiting_sign_off: 'true' },
  { awaiting_sign_off: 'false', store_id: 1 },
  { asset_id: 1 },
  { asset_id: 1, open: 'true' },
  { repeat: 'true' },
  { repeat: 'false', open: 'true' },
  { over_nte: 'true' },
  { over_nte: 'false', status: 'completed' },
];

describe('the list total is the number of rows listed', () => {
  for (const as of ROLES) {
    it(`for ${as}, with every filter combination tried`, async () => {
      for (const filter of FILTERS) {
        const { rows, total } = await listed(as, filter);
        expect(total, JSON.stringify(filter)).toBe(rows);
      }
    });
  }
});
