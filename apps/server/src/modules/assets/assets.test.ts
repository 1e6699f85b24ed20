import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';
import { pdfPages, pdfText } from '../../test/pdf.ts';
import { tagUrl } from './assets.labels.ts';

const app = await createTestApp({ PUBLIC_URL: 'https://portal.example.com' });

// Demo: five assets per store (seed.ts); stores 1-9 are chain 1 (region 1: stores 1-3), 10-13 chain 2,
// 14-17 chain 3. Store 1 (Norrgården Södermalm) has assets 1-5, tagged SOD-…; store 14 (Fjällbo
// Sundsvall) assets 66-70, tagged SUN-….
const STORE_1_FREEZER = 1;
const SUNDSVALL_DOOR = 68;
const REFRIGERATION = 3;

type Row = { id: number; tag: string; name: string; store_id: number; chain_id: number; status: string };
const page = (res: { json: () => unknown }) => (res.json() as { payload: { data: Row[]; total: number } }).payload;

async function list(as: DemoUser, query: Record<string, string | number> = {}) {
  const res = await call(app, 'GET', '/api/assets', { as, query: { limit: 1000, ...query } });
  expect(res.statusCode, res.body).toBe(200);
  return page(res);
}

const asset = (overrides: Record<string, unknown> = {}) => ({
  store_id: 1,
  name: 'Kylrum mejeri',
  worktype_id: REFRIGERATION,
  make: 'Carrier',
  model: 'Coldroom 40',
  serial: 'CR-4471',
  installed_on: '2022-03-01',
  warranty_until: '2027-02-28',
  replacement_value_minor: 12_000_000,
  status: 'in_service',
  notes: 'Bakom lagret',
  ...overrides,
});

async function create(as: DemoUser, overrides: Record<string, unknown> = {}, lang?: 'en' | 'sv' | 'fi') {
  return call(app, 'POST', '/api/assets', { as, payload: asset(overrides), lang });
}

/** Asset ids on orders assigned to a technician (the only assets it may read). */
async function assetsOfTechnician(email: string) {
  const { rows } = await app.db.execute<{ asset_id: number }>(sql`
    select distinct o.asset_id from orders o join users u on u.id = o.technician_id
    where u.email = ${email} and o.asset_id is not null order by 1`);
  return rows.map((row) => row.asset_id);
}

describe('the asset register, by scope', () => {
  it('shows each role the assets of its scope, like stores', async () => {
    expect((await list('admin')).total).toBe(85);
    const chainAdmin = await list('chainAdmin');
    expect(chainAdmin.total).toBe(45);
    expect(new Set(chainAdmin.data.map((a) => a.chain_id))).toEqual(new Set([1]));
    const director = await list('director');
    expect(new Set(director.data.map((a) => a.store_id))).toEqual(new Set([1, 2, 3]));
    const store = await list('store');
    expect(store.data.map((a) => a.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows a technician the assets of the orders assigned to it, and nothing else', async () => {
    const mine = await assetsOfTechnician('tech@example.com');
    expect(mine.length).toBeGreaterThan(0);
    const tech = await list('tech', { sort_by: 'id', sort_order: 'asc' });
    expect(tech.data.map((a) => a.id)).toEqual(mine);
    const other = (await list('admin')).data.map((a) => a.id).find((id) => !mine.includes(id)) as number;
    expect((await call(app, 'GET', `/api/assets/${other}`, { as: 'tech' })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/assets/${mine[0]}`, { as: 'tech' })).statusCode).toBe(200);
  });

  it('answers the asset with its store, chain, region, trade and warranty', async () => {
    const res = await call(app, 'GET', `/api/assets/${STORE_1_FREEZER}`, { as: 'store', lang: 'sv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"1"');
    expect(res.json().payload).toMatchObject({
      id: STORE_1_FREEZER,
      tag: 'SOD-FRZ-01',
      name: 'Frysö 1',
      status: 'in_service',
      store: { id: 1, store_name: 'Norrgården Södermalm' },
      chain: { id: 1, chain_name: 'Norrgården Livs' },
      region: { id: 1, region_name: 'Stockholm' },
      worktype_id: REFRIGERATION,
      worktype_label: 'Kyla',
      make: 'Carrier',
      under_warranty: true,
      replacement_value_minor: 8_500_000,
    });
    expect(res.json().payload.installed_on).toMatch(/^\d{4}-01-15$/);
  });

  it('answers 404 "Asset not found." outside the scope, in the caller\'s language', async () => {
    for (const who of ['chainAdmin', 'director', 'store', 'tech'] as const) {
      expect((await call(app, 'GET', `/api/assets/${SUNDSVALL_DOOR}`, { as: who })).statusCode, who).toBe(404);
    }
    const res = await call(app, 'GET', '/api/assets/6', { as: 'store', lang: 'fi' });
    expect(res.json()).toEqual({ message: 'Laitetta ei löytynyt.' });
  });
});

describe('the asset list', () => {
  it('filters by chain, region, store, trade, status and warranty; a filter never widens the scope', async () => {
    expect((await list('admin', { chain_id: 2 })).total).toBe(20);
    expect((await list('admin', { region_id: 2 })).data.every((a) => [4, 5, 6].includes(a.store_id))).toBe(true);
    expect((await list('admin', { store_id: 14 })).total).toBe(5);
    const cold = await list('admin', { worktype_id: REFRIGERATION });
    expect(cold.total).toBe(34);
    expect((await list('director', { chain_id: 3 })).total).toBe(0);
    expect((await list('store', { store_id: 2 })).total).toBe(0);
    const active = await list('admin', { warranty: 'active', store_id: 1 });
    expect(active.data.map((a) => a.tag)).toContain('SOD-FRZ-01');
    const expired = await list('admin', { warranty: 'expired', store_id: 1 });
    expect(expired.data.map((a) => a.tag)).toEqual(expect.arrayContaining(['SOD-CLR-01', 'SOD-VENT-01']));
    expect((await list('admin', { warranty: 'none', store_id: 1 })).total).toBe(0);
    expect((await list('admin', { status: 'retired', store_id: 1 })).total).toBe(0);
  });

  it('searches name, tag, make, model and serial, as q or search, whatever the case', async () => {
    expect((await list('store', { q: 'frysö' })).data.map((a) => a.tag)).toEqual(['SOD-FRZ-01']);
    expect((await list('store', { search: 'sod-door' })).data.map((a) => a.name)).toEqual(['Entrédörr']);
    expect((await list('chainAdmin', { q: 'Topvex' })).total).toBe(9);
    expect((await list('admin', { q: '100%_' })).total).toBe(0);
  });

  it('pages and sorts by name, store or trade, keeping one order for equal values', async () => {
    const byName = await list('store', { sort_by: 'name', sort_order: 'asc' });
    expect(byName.data.map((a) => a.name)).toEqual([
      'Bake off-ugn',
      'Entrédörr',
      'Frysö 1',
      'Mejerikyl',
      'Ventilationsaggregat',
    ]);
    const first = await call(app, 'GET', '/api/assets', {
      as: 'chainAdmin',
      query: { sort_by: 'store_name', sort_order: 'asc', limit: 10, page: 1 },
    });
    const second = await call(app, 'GET', '/api/assets', {
      as: 'chainAdmin',
      query: { sort_by: 'store_name', sort_order: 'asc', limit: 10, page: 2 },
    });
    expect(page(first)).toMatchObject({ total: 45, current_page: 1, last_page: 5, per_page: 10 });
    const ids = [...page(first).data, ...page(second).data].map((a) => a.id);
    expect(new Set(ids).size).toBe(20);
    expect((await list('store', { sort_by: 'worktype' })).total).toBe(5);
  });

  it('answers 422 for an unknown sort, status, warranty or an id filter past the integer range', async () => {
    for (const [query, field] of [
      [{ sort_by: 'serial_no' }, 'sort_by'],
      [{ status: 'broken' }, 'status'],
      [{ warranty: 'soon' }, 'warranty'],
      [{ store_id: '2147483648' }, 'store_id'],
      [{ chain_id: 'x' }, 'chain_id'],
    ] as const) {
      const res = await call(app, 'GET', '/api/assets', { as: 'admin', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
  });
});

describe('finding an asset by its tag', () => {
  it('finds the asset of a scanned or typed tag in any case', async () => {
    const res = await call(app, 'GET', '/api/assets/by-tag/sod-frz-01', { as: 'store' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ id: STORE_1_FREEZER, tag: 'SOD-FRZ-01' });
  });

  it('answers 404 for an unknown tag, one outside the scope and one no label can hold', async () => {
    expect((await call(app, 'GET', '/api/assets/by-tag/NOPE-1', { as: 'admin' })).json()).toEqual({
      message: 'No asset has this tag.',
    });
    expect((await call(app, 'GET', '/api/assets/by-tag/SUN-DOOR-01', { as: 'chainAdmin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/assets/by-tag/%3Cscript%3E', { as: 'admin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/assets/by-tag/${'A'.repeat(41)}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('asks for the chain when the caller sees the tag in several chains', async () => {
    const other = await create('admin', { store_id: 10, tag: 'shared-01', name: 'Kassa 1', worktype_id: 1 });
    expect(other.statusCode, other.body).toBe(201);
    expect((await create('admin', { tag: 'SHARED-01' })).statusCode).toBe(201);
    const both = await call(app, 'GET', '/api/assets/by-tag/shared-01', { as: 'admin', lang: 'sv' });
    expect(both.statusCode).toBe(409);
    expect(both.json().message).toBe('Inventarienumret finns i flera kedjor. Välj kedja.');
    const chosen = await call(app, 'GET', '/api/assets/by-tag/shared-01', { as: 'admin', query: { chain_id: 2 } });
    expect(chosen.json().payload).toMatchObject({ chain_id: 2, name: 'Kassa 1' });
    // A chain-admin sees one of them only.
    expect((await call(app, 'GET', '/api/assets/by-tag/SHARED-01', { as: 'chainAdmin2' })).statusCode).toBe(200);
  });
});

describe('registering an asset', () => {
  it('registers an asset with every field, and gives one without a tag a tag of its own', async () => {
    const res = await create('store', { tag: '' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Asset registered successfully.');
    // Every field as sent, in the store's chain and region.
    expect(body.payload).toMatchObject({ ...asset(), chain_id: 1, region_id: 1, version: 1 });
    expect(body.payload.tag).toBe(`A${String(body.payload.id).padStart(6, '0')}`);
    expect((await list('store')).data.map((a) => a.id)).toContain(body.payload.id);
  });

  it('lets a chain-admin, a director and a store manager register in their own stores only', async () => {
    expect((await create('chainAdmin', { store_id: 9, tag: '' })).statusCode).toBe(201);
    expect((await create('director', { store_id: 3, tag: '' })).statusCode).toBe(201);
    for (const [who, store] of [
      ['chainAdmin', 10],
      ['director', 4],
      ['store', 2],
    ] as const) {
      const res = await create(who, { store_id: store });
      expect(res.statusCode, who).toBe(422);
      expect(res.json().errors).toEqual({ store_id: ['does not exist'] });
    }
    expect((await create('tech')).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/assets', { payload: asset() })).statusCode).toBe(401);
  });

  it('answers 422 "is required" for every required field, and nothing is written', async () => {
    const before = (await list('admin')).total;
    const res = await call(app, 'POST', '/api/assets', { as: 'admin', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      store_id: ['is required'],
      name: ['is required'],
      worktype_id: ['is required'],
    });
    expect((await list('admin')).total).toBe(before);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['name', { name: 'x'.repeat(121) }, 'may not be longer than 120 characters'],
    ['name', { name: 'Frys\u0000' }, 'may not contain control characters'],
    ['name', { name: '   ' }, 'is required'],
    ['store_id', { store_id: 999999 }, 'does not exist'],
    ['store_id', { store_id: 2147483648 }, 'may not be greater than 2147483647'],
    ['store_id', { store_id: 'one' }, 'must be a number'],
    ['worktype_id', { worktype_id: 999999 }, 'does not exist'],
    ['worktype_id', { worktype_id: 0 }, 'must be at least 1'],
    ['make', { make: 'm'.repeat(121) }, 'may not be longer than 120 characters'],
    ['model', { model: 'm'.repeat(121) }, 'may not be longer than 120 characters'],
    ['serial', { serial: 's'.repeat(121) }, 'may not be longer than 120 characters'],
    ['serial', { serial: 'SN\u001b1' }, 'may not contain control characters'],
    ['tag', { tag: 'FRZ 01' }, 'may contain only letters A-Z, digits, dots, hyphens and underscores'],
    ['tag', { tag: '-FRZ' }, 'may contain only letters A-Z, digits, dots, hyphens and underscores'],
    ['tag', { tag: 'T'.repeat(41) }, 'may not be longer than 40 characters'],
    ['tag', { tag: 'sod-frz-01' }, 'has already been taken'],
    ['installed_on', { installed_on: '2026-02-31' }, 'must be a real date between the years 2000 and 2100'],
    ['installed_on', { installed_on: '1999-12-31' }, 'must be a real date between the years 2000 and 2100'],
    ['installed_on', { installed_on: '2022-03-01T10:00' }, 'must be a real date between the years 2000 and 2100'],
    ['warranty_until', { warranty_until: '2101-01-01' }, 'must be a real date between the years 2000 and 2100'],
    ['warranty_until', { warranty_until: '2022-02-28' }, 'may not be before the installation date'],
    [
      'replacement_value_minor',
      { replacement_value_minor: 1250.5 },
      'must be a whole number of minor units (cents, öre), without decimals',
    ],
    [
      'replacement_value_minor',
      { replacement_value_minor: '1250.50' },
      'must be a whole number of minor units (cents, öre), without decimals',
    ],
    ['replacement_value_minor', { replacement_value_minor: -1 }, 'must be at least 0'],
    ['replacement_value_minor', { replacement_value_minor: 2147483648 }, 'may not be greater than 2147483647'],
    ['replacement_value_minor', { replacement_value_minor: '12 kr' }, 'must be a number'],
    ['status', { status: 'broken' }, 'is invalid'],
    ['notes', { notes: 'n'.repeat(2001) }, 'may not be longer than 2000 characters'],
  ];
  for (const [field, overrides, message] of bad) {
    it(`answers 422 on ${field} for ${JSON.stringify(overrides).slice(0, 60)}`, async () => {
      const res = await create('admin', overrides);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [message] });
    });
  }

  it('says what is wrong in Swedish and Finnish', async () => {
    const sv = await create('admin', { tag: 'FRZ 01', warranty_until: '2021-01-01' }, 'sv');
    expect(sv.json().errors).toEqual({
      tag: ['får bara innehålla bokstäverna A-Z, siffror, punkter, bindestreck och understreck'],
      warranty_until: ['får inte vara före installationsdatumet'],
    });
    const fi = await create('admin', { replacement_value_minor: 9.99 }, 'fi');
    expect(fi.json().errors).toEqual({
      replacement_value_minor: ['anna kokonaisluku sentteinä tai äyreinä, ilman desimaaleja'],
    });
  });

  it('keeps a tag unique per chain whatever the case, and lets another chain use it', async () => {
    expect((await create('admin', { tag: 'Dairy-7' })).statusCode).toBe(201);
    expect((await create('admin', { tag: 'DAIRY-7' })).json().errors).toEqual({ tag: ['has already been taken'] });
    const elsewhere = await create('admin', { tag: 'dairy-7', store_id: 14 });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().payload.tag).toBe('DAIRY-7');
  });

  it('writes one of two registrations of the same tag at once, and refuses the other on its tag', async () => {
    const [a, b] = await Promise.all([create('admin', { tag: 'RACE-1' }), create('admin', { tag: 'RACE-1' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const refused = a.statusCode === 422 ? a : b;
    expect(refused.json().errors).toEqual({ tag: ['has already been taken'] });
  });
});

describe('editing an asset', () => {
  it('saves the form, keeps the tag when none is sent, and answers the new version', async () => {
    const created = (await create('store', { tag: 'EDIT-1' })).json().payload;
    const res = await call(app, 'PUT', `/api/assets/${created.id}`, {
      as: 'store',
      headers: { 'if-match': '"1"' },
      payload: asset({ name: 'Kylrum mejeri (nytt aggregat)', tag: '', status: 'out_of_service' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({
      message: 'Asset updated successfully.',
      payload: { name: 'Kylrum mejeri (nytt aggregat)', tag: 'EDIT-1', status: 'out_of_service', version: 2 },
    });
  });

  it('answers 412 with the asset as it is now when someone else saved first', async () => {
    const created = (await create('admin', { tag: 'EDIT-2' })).json().payload;
    await call(app, 'PUT', `/api/assets/${created.id}`, {
      as: 'chainAdmin',
      headers: { 'if-match': '"1"' },
      payload: asset({ name: 'First save' }),
    });
    const late = await call(app, 'PUT', `/api/assets/${created.id}`, {
      as: 'store',
      headers: { 'if-match': '"1"' },
      payload: asset({ name: 'Second save' }),
    });
    expect(late.statusCode).toBe(412);
    expect(late.json().payload).toMatchObject({ name: 'First save', version: 2 });
    expect(late.headers.etag).toBe('"2"');
  });

  it('moves an asset to another store of the caller, never to one outside its scope', async () => {
    const created = (await create('director', { tag: 'MOVE-1' })).json().payload;
    const moved = await call(app, 'PUT', `/api/assets/${created.id}`, {
      as: 'director',
      payload: asset({ store_id: 2 }),
    });
    expect(moved.json().payload).toMatchObject({ store_id: 2, tag: 'MOVE-1' });
    const away = await call(app, 'PUT', `/api/assets/${created.id}`, {
      as: 'director',
      payload: asset({ store_id: 4 }),
    });
    expect(away.json().errors).toEqual({ store_id: ['does not exist'] });
  });

  it('answers 404 for an asset outside the scope and 403 to a technician', async () => {
    const put = (who: DemoUser) =>
      call(app, 'PUT', `/api/assets/${SUNDSVALL_DOOR}`, { as: who, payload: asset({ store_id: 14 }) });
    for (const who of ['chainAdmin', 'director', 'store'] as const) expect((await put(who)).statusCode).toBe(404);
    expect((await put('tech')).statusCode).toBe(403);
  });
});

describe('deleting an asset', () => {
  it('deletes an asset without orders', async () => {
    const created = (await create('store', { tag: 'GONE-1' })).json().payload;
    const res = await call(app, 'DELETE', `/api/assets/${created.id}`, { as: 'store' });
    expect(res.json()).toEqual({ message: 'Asset deleted successfully.', payload: null });
    expect((await call(app, 'GET', `/api/assets/${created.id}`, { as: 'store' })).statusCode).toBe(404);
  });

  it('refuses with 409 to delete an asset with orders: it is retired instead', async () => {
    const { rows } = await app.db.execute<{ asset_id: number; n: number }>(
      sql`select asset_id, count(*)::int as n from orders where asset_id is not null group by 1 order by 1 limit 1`,
    );
    const res = await call(app, 'DELETE', `/api/assets/${rows[0].asset_id}`, { as: 'admin', lang: 'sv' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `Utrustningen har ${rows[0].n} order och kan inte tas bort. Markera den som utrangerad i stället.`,
    );
  });

  it('answers 404 outside the scope', async () => {
    expect((await call(app, 'DELETE', `/api/assets/${SUNDSVALL_DOOR}`, { as: 'store' })).statusCode).toBe(404);
  });
});

describe('what assets change elsewhere', () => {
  it("keeps a store with assets, and a work type that is an asset's trade, from being deleted", async () => {
    const store = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      payload: {
        store_name: 'Norrgården Bromma',
        phone: '0812345678',
        invoice_address: 'Box 1',
        contact_person: 'Test',
        chain_id: 1,
        region_id: 1,
      },
    });
    const storeId = store.json().payload.id;
    expect((await create('admin', { store_id: storeId, tag: '' })).statusCode).toBe(201);
    const res = await call(app, 'DELETE', `/api/stores/${storeId}`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This store still has 1 asset(s). Move or delete them first.');
    const trade = await call(app, 'POST', '/api/worktypes', { as: 'superAdmin', payload: { title: 'Escalators' } });
    const tradeId = trade.json().payload.id;
    expect((await create('admin', { worktype_id: tradeId, tag: '' })).statusCode).toBe(201);
    const used = await call(app, 'DELETE', `/api/worktypes/${tradeId}`, { as: 'superAdmin', lang: 'sv' });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('Arbetstypen är fackområde för 1 utrustning(ar) och kan inte tas bort.');
  });

  it('moves the assets with a store that changes region, and refuses a move to a chain using their tags', async () => {
    const created = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      payload: {
        store_name: 'Norrgården Nacka',
        phone: '0812345679',
        invoice_address: 'Box 2',
        contact_person: 'Test',
        chain_id: 1,
        region_id: 1,
      },
    });
    const store = created.json().payload;
    await create('admin', { store_id: store.id, tag: 'NACKA-1' });
    await create('admin', { store_id: 14, tag: 'NACKA-1' });
    const body = { ...store, email: '', region_id: 2 };
    delete body.id;
    const moved = await call(app, 'PUT', `/api/stores/${store.id}`, { as: 'admin', payload: body });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await list('admin', { region_id: 2, q: 'NACKA-1' })).total).toBe(1);
    const clash = await call(app, 'PUT', `/api/stores/${store.id}`, {
      as: 'admin',
      payload: { ...body, chain_id: 3, region_id: null },
    });
    expect(clash.statusCode).toBe(409);
  });
});

describe('QR labels', () => {
  it('prints a label whose code opens the asset by its tag, with chain, name, store and tag', async () => {
    const res = await call(app, 'GET', '/api/assets/labels', { as: 'store', query: { ids: STORE_1_FREEZER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename=label-SOD-FRZ-01.pdf');
    const pdf = res.rawPayload;
    expect(pdfText(pdf)).toContain('Norrgården Livs Frysö 1 Norrgården Södermalm SOD-FRZ-01 Scan to report a fault');
    // The code's dark squares, read back from the page, are the QR code of the tag's address.
    const squares = [...pdfPages(pdf)[0].matchAll(/([\d.]+) ([\d.]+) ([\d.]+) [\d.]+ re/g)]
      .map((m) => m.slice(1).map(Number))
      .filter(([, , w]) => w < 10);
    const { modules } = QRCode.create(tagUrl('https://portal.example.com', 'SOD-FRZ-01'), {
      errorCorrectionLevel: 'M',
    });
    const cell = Math.min(...squares.map(([, , w]) => w)) - 0.05;
    const [x0, y0] = [Math.min(...squares.map(([x]) => x)), Math.min(...squares.map(([, y]) => y))];
    const drawn = new Set(squares.map(([x, y]) => `${Math.round((y - y0) / cell)},${Math.round((x - x0) / cell)}`));
    const expected = new Set<string>();
    for (let r = 0; r < modules.size; r++)
      for (let c = 0; c < modules.size; c++) if (modules.get(r, c)) expected.add(`${r},${c}`);
    expect(drawn).toEqual(expected);
    expect(tagUrl('https://portal.example.com/', 'SOD-FRZ-01')).toBe(
      'https://portal.example.com/assets/tag/SOD-FRZ-01',
    );
  });

  it("prints 14 labels a page for a store, in the reader's language, only of assets in scope", async () => {
    const res = await call(app, 'GET', '/api/assets/labels', { as: 'chainAdmin', query: { q: 'Frysö', lang: 'fi' } });
    expect(res.statusCode).toBe(200);
    expect(pdfPages(res.rawPayload)).toHaveLength(1);
    expect(pdfText(res.rawPayload)).toContain('Skannaa ja tee vikailmoitus');
    const all = await call(app, 'GET', '/api/assets/labels', { as: 'chainAdmin', query: { chain_id: 1 } });
    expect(pdfPages(all.rawPayload).length).toBe(Math.ceil((await list('chainAdmin')).total / 14));
    const outside = await call(app, 'GET', '/api/assets/labels', { as: 'store', query: { ids: SUNDSVALL_DOOR } });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe('No asset to print a label for.');
    const bad = await call(app, 'GET', '/api/assets/labels', { as: 'store', query: { ids: '1,x' } });
    expect(bad.statusCode).toBe(422);
  });
});
