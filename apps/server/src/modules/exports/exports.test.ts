import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { stores } from '../../db/schema/index.ts';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';

const app = await createTestApp();

async function exportAs(who: DemoUser | null, query: Record<string, string | number>, lang?: 'en' | 'sv' | 'fi') {
  let token = '';
  if (who) token = (await call(app, 'POST', '/api/auth/download-token', { as: who })).json().payload.token;
  return app.inject({
    method: 'GET',
    url: '/api/export',
    query: { ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])), access_token: token },
    headers: lang ? { lang } : {},
  });
}

/** The rows of a CSV export (header first), without the BOM. */
async function csvRows(who: DemoUser, query: Record<string, string | number>) {
  const res = await exportAs(who, { ...query, format: 'csv' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return parse(res.body.slice(1)) as string[][];
}

async function xlsxRows(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function listTotal(who: DemoUser, url: string, query: Record<string, string | number> = {}) {
  const res = await call(app, 'GET', url, { as: who, query: { ...query, limit: 1000 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload as { total: number; data: Record<string, unknown>[] };
}

describe('who may export what', () => {
  it('answers 401 without a token and for a session token in the URL', async () => {
    expect((await exportAs(null, { type: 'OrdersExport' })).statusCode).toBe(401);
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: 'admin@example.com', password: 'demo1234' },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/export',
      query: { type: 'OrdersExport', access_token: login.json().payload.access_token },
    });
    expect(res.statusCode).toBe(401);
  });

  const cases: [DemoUser, string, number][] = [
    ['store', 'OrdersExport', 403],
    ['tech', 'OrdersExport', 403],
    ['director', 'UsersExport', 403],
    ['director', 'ChainsExport', 403],
    ['director', 'RegionsExport', 200],
    ['chainAdmin', 'UsersExport', 200],
    ['chainAdmin', 'ChainsExport', 200],
    ['admin', 'StoresExport', 200],
    ['store', 'NoSuchExport', 403],
    ['admin', 'NoSuchExport', 422],
  ];
  for (const [who, type, status] of cases) {
    it(`answers ${status} to ${who} for ${type}`, async () => {
      expect((await exportAs(who, { type })).statusCode).toBe(status);
    });
  }

  it('refuses a bad filter with 422', async () => {
    const res = await exportAs('admin', { type: 'OrdersExport', date_range: 'yesterday' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ date_range: [expect.stringContaining('DD-MM-YYYY')] });
    const sort = await exportAs('admin', { type: 'StoresExport', sort_by: 'password' });
    expect(sort.statusCode).toBe(422);
  });
});

describe('the file', () => {
  it('is an XLSX attachment by default, with headers in the caller’s language', async () => {
    const res = await exportAs('admin', { type: 'ChainsExport' }, 'sv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=chains-\d{4}-\d\d-\d\d\.xlsx$/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const rows = await xlsxRows(res.rawPayload);
    expect(rows[0].slice(0, 3)).toEqual(['ID', 'Kedja', 'Telefon']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(
      expect.arrayContaining(['Norrgården Livs', 'Kotimarket Oy', 'Fjällbo Bygghandel']),
    );
  });

  it("has the stores' city, in CSV and XLSX", async () => {
    const [head, first] = await csvRows('admin', { type: 'StoresExport', sort_by: 'id', sort_order: 'asc' });
    expect(head[8]).toBe('City');
    expect(first[0]).toBe('1');
    expect(first[8]).toBe('Stockholm');
    const xlsx = await xlsxRows(
      (await exportAs('admin', { type: 'StoresExport', sort_by: 'id', sort_order: 'asc' }, 'sv')).rawPayload,
    );
    expect(xlsx[0][8]).toBe('Ort');
    expect(xlsx[1][8]).toBe('Stockholm');
    expect([head[9], head[10], first[9], first[10]]).toEqual(['Latitude', 'Longitude', '59.3147', '18.0719']);
  });

  it('is a CSV with format=csv', async () => {
    const res = await exportAs('admin', { type: 'ChainsExport', format: 'csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/filename=chains-\d{4}-\d\d-\d\d\.csv$/);
  });

  it('neutralises cells that a spreadsheet would run as a formula, in CSV and XLSX', async () => {
    const [store] = await app.db.select().from(stores).where(eq(stores.chainId, 3)).limit(1);
    await app.db
      .update(stores)
      .set({ storeName: '=HYPERLINK("http://evil.example","x")', contactPerson: '@SUM(A1)', invoiceAddress: '\tTab' })
      .where(eq(stores.id, store.id));
    const csv = await csvRows('admin', { type: 'StoresExport', q: 'HYPERLINK' });
    expect(csv).toHaveLength(2);
    const [, row] = csv;
    expect(row[1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row[4]).toBe(`'\tTab`);
    expect(row[5]).toBe(`'@SUM(A1)`);
    const xlsx = await xlsxRows((await exportAs('admin', { type: 'StoresExport', q: 'HYPERLINK' })).rawPayload);
    expect(xlsx[1][1]).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(xlsx[1][5]).toBe(`'@SUM(A1)`);
    await app.db
      .update(stores)
      .set({ storeName: '+46 8 123 45', contactPerson: '-1+2', invoiceAddress: 'Storgatan 1' })
      .where(eq(stores.id, store.id));
    const [, again] = await csvRows('admin', { type: 'StoresExport', q: '+46 8 123' });
    expect([again[1], again[5]]).toEqual([`'+46 8 123 45`, `'-1+2`]);
  });
});

describe('exactly the list and the caller’s scope', () => {
  it('exports the orders of a chain-admin’s chain and nothing else, as the list shows them', async () => {
    const list = await listTotal('chainAdmin2', '/api/orders');
    const rows = (await csvRows('chainAdmin2', { type: 'OrdersExport' })).slice(1);
    expect(rows).toHaveLength(list.total);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(['Kotimarket Oy']));
    expect(rows.map((r) => Number(r[0]))).toEqual(list.data.map((o) => o.project_number));
  });

  it('applies the orders list filters', async () => {
    const queries: Record<string, string | number>[] = [
      { status: 'completed' },
      { approval_status: 'rejected' },
      { chain_id: 1, overdue: 'true' },
      { q: 'kyl' },
    ];
    for (const query of queries) {
      const list = await listTotal('admin', '/api/orders', query);
      const rows = (await csvRows('admin', { type: 'OrdersExport', ...query })).slice(1);
      expect(
        rows.map((r) => Number(r[0])),
        JSON.stringify(query),
      ).toEqual(list.data.map((o) => o.project_number));
    }
  });

  it('exports only the orders of a regional director’s region', async () => {
    const list = await listTotal('director', '/api/orders');
    const rows = (await csvRows('director', { type: 'OrdersExport', limit: 1, page: 2 })).slice(1);
    expect(rows).toHaveLength(list.total);
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['Stockholm']));
  });

  it('exports the users, stores, chains and regions the lists show', async () => {
    const users = await listTotal('chainAdmin', '/api/users');
    const userRows = (await csvRows('chainAdmin', { type: 'UsersExport' })).slice(1);
    expect(userRows.map((r) => Number(r[0]))).toEqual(users.data.map((u) => u.id));

    const storesList = await listTotal('director', '/api/stores');
    const storeRows = (await csvRows('director', { type: 'StoresExport' })).slice(1);
    expect(storeRows.map((r) => Number(r[0]))).toEqual(storesList.data.map((s) => s.id));

    const chainRows = (await csvRows('chainAdmin', { type: 'ChainsExport' })).slice(1);
    expect(chainRows.map((r) => r[1])).toEqual(['Norrgården Livs']);

    const regionRows = (await csvRows('director', { type: 'RegionsExport' })).slice(1);
    expect(regionRows.map((r) => r[1])).toEqual(['Stockholm']);
    const chainRegions = (await csvRows('chainAdmin', { type: 'RegionsExport', chain_id: 1 })).slice(1);
    expect(chainRegions.map((r) => r[1]).sort()).toEqual(['Göteborg', 'Skåne', 'Stockholm']);
  });

  it('filters the stores export like the stores list', async () => {
    const list = await listTotal('admin', '/api/stores', { chain_id: 2, q: 'Tampere' });
    const rows = (await csvRows('admin', { type: 'StoresExport', chain_id: 2, q: 'Tampere' })).slice(1);
    expect(rows.map((r) => Number(r[0]))).toEqual(list.data.map((s) => s.id));
    expect(rows).toHaveLength(1);
  });
});
