import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, multipart } from '../../test/app.ts';

const app = await createTestApp();

async function listNumbers(query: Record<string, string | number>) {
  const res = await call(app, 'GET', '/api/orders', { as: 'admin', query: { ...query, limit: 1000 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().payload.data as { project_number: number }[]).map((o) => o.project_number);
}

async function exportNumbers(query: Record<string, string | number>) {
  const token = (await call(app, 'POST', '/api/auth/download-token', { as: 'admin' })).json().payload.token;
  const res = await app.inject({
    method: 'GET',
    url: '/api/export',
    query: { type: 'OrdersExport', format: 'csv', access_token: token, ...query } as Record<string, string>,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (parse(res.body.slice(1)) as string[][]).slice(1).map((row) => Number(row[0]));
}

describe('the order export uses the list filter', () => {
  it('exports exactly the rows of the list for open, recalled and a date range', async () => {
    // A recalled order: completed, then signed off by the store as not fixed.
    const form = multipart({
      description: 'Kassan skrivare matar inte papper.',
      worktype_id: 3,
      priority: 20,
      store_id: 1,
    });
    const created = await call(app, 'POST', '/api/orders', {
      as: 'store',
      payload: form.payload,
      headers: form.headers,
    });
    const id = created.json().payload.id;
    await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { status: 'completed' } });
    const recall = await call(app, 'POST', `/api/orders/${id}/confirm`, {
      as: 'store',
      payload: { fixed: false, comment: 'Skrivaren matar fortfarande inte.' },
    });
    expect(recall.statusCode, recall.body).toBe(201);

    const all = await listNumbers({});
    const recalled = await listNumbers({ recalled: 'true' });
    const open = await listNumbers({ open: 'true' });
    expect(recalled).toContain(created.json().payload.project_number);
    expect(recalled.length).toBeLessThan(all.length);
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(all.length);

    const year = new Date().getFullYear();
    const queries: Record<string, string | number>[] = [
      { open: 'true' },
      { open: 'false' },
      { recalled: 'true' },
      { recalled: '0', chain_id: 1 },
      { open: '1', date_range: `01-01-${year} 00:00:00|31-12-${year} 23:59:59` },
    ];
    for (const query of queries) {
      expect(await exportNumbers(query), JSON.stringify(query)).toEqual(await listNumbers(query));
    }
  });

  it('refuses a date range that is not a real date, as the list does', async () => {
    const date_range = '31-02-2026 00:00:00|01-03-2026 00:00:00';
    const token = (await call(app, 'POST', '/api/auth/download-token', { as: 'admin' })).json().payload.token;
    const exported = await app.inject({
      method: 'GET',
      url: '/api/export',
      query: { type: 'OrdersExport', access_token: token, date_range },
    });
    const listed = await call(app, 'GET', '/api/orders', { as: 'admin', query: { date_range } });
    for (const res of [exported, listed]) {
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({
        date_range: ['must be two dates: DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss'],
      });
    }
  });
});
