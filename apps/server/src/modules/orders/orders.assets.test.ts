import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';
import { pdfText } from '../../test/pdf.ts';

const app = await createTestApp();

// Demo data (db/seed.ts): five assets per store, tagged by the store's name (store 1 Norrgården
// Södermalm: NOR-FRZ-01 ...); store 1 is store@'s, stores 1-3 are region 1 (director@), chain 1
// chainadmin@'s. tech@ = 6.
const TECH = 6;
const base = { description: 'Frysön håller inte temperaturen.', worktype_id: 3, priority: 20 };

async function assetOf(storeId: number, status?: string) {
  const { rows } = await app.db.execute<{ id: number; tag: string; name: string }>(
    sql`select id, tag, name from assets where store_id = ${storeId} order by id limit 1`,
  );
  const asset = rows[0];
  if (status) await app.db.execute(sql`update assets set status = ${status} where id = ${asset.id}`);
  return asset;
}

async function newAsset(storeId: number, name: string, status = 'in_service') {
  const res = await call(app, 'POST', '/api/assets', {
    as: 'admin',
    payload: { store_id: storeId, name, worktype_id: 3, status },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; tag: string; name: string };
}

function createOrder(as: DemoUser, fields: Record<string, string | number>, lang?: 'en' | 'sv' | 'fi') {
  const body = multipart({ ...base, ...fields });
  return call(app, 'POST', '/api/orders', { as, payload: body.payload, headers: body.headers, lang });
}

describe('an order on an asset', () => {
  it('names the asset on the order, its page, the list and its filter', async () => {
    const asset = await assetOf(1);
    const res = await createOrder('store', { store_id: 1, asset_id: asset.id });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().payload;
    const detail = (await call(app, 'GET', `/api/orders/${id}`, { as: 'store' })).json().payload;
    expect(detail.asset_id).toBe(asset.id);
    expect(detail.asset).toMatchObject({ id: asset.id, tag: asset.tag, name: asset.name });

    const list = await call(app, 'GET', '/api/orders', { as: 'chainAdmin', query: { asset_id: asset.id, limit: 100 } });
    expect(list.statusCode, list.body).toBe(200);
    const rows = list.json().payload.data as { id: number; asset_id: number }[];
    expect(rows.map((o) => o.id)).toContain(id);
    expect(rows.every((o) => o.asset_id === asset.id)).toBe(true);
    const { rows: counted } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where asset_id = ${asset.id}`,
    );
    expect(list.json().payload.total).toBe(counted[0].n);
  });

  it('says whether the order was placed under the asset warranty', async () => {
    const covered = await newAsset(1, 'Kylrum 4');
    await app.db.execute(sql`update assets set warranty_until = current_date + 10 where id = ${covered.id}`);
    const expired = await newAsset(1, 'Kylrum 5');
    await app.db.execute(sql`update assets set warranty_until = current_date - 10 where id = ${expired.id}`);
    for (const [asset, under] of [
      [covered, true],
      [expired, false],
    ] as const) {
      const { id } = (await createOrder('store', { store_id: 1, asset_id: asset.id })).json().payload;
      const detail = (await call(app, 'GET', `/api/orders/${id}`, { as: 'store' })).json().payload;
      expect(detail.asset.under_warranty, asset.name).toBe(under);
    }
  });

  it("refuses another store's asset with a localized 422 on asset_id", async () => {
    const other = await assetOf(2);
    for (const [lang, text] of [
      ['en', "belongs to another store than the order's"],
      ['sv', 'hör till en annan butik än arbetsorderns'],
      ['fi', 'kuuluu toiseen myymälään kuin työtilaus'],
    ] as const) {
      const res = await createOrder(
        'chainAdmin',
        { store_id: 1, asset_id: other.id, approval_status: 'approved' },
        lang,
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ asset_id: [text] });
    }
    // An asset the caller cannot see is one that does not exist: nothing is revealed.
    const hidden = await createOrder('store', { store_id: 1, asset_id: other.id });
    expect(hidden.statusCode).toBe(422);
    expect(hidden.json().errors).toEqual({ asset_id: ['does not exist'] });
    const missing = await createOrder('store', { store_id: 1, asset_id: 99999999 });
    expect(missing.json().errors).toEqual({ asset_id: ['does not exist'] });
    const text = await createOrder('store', { store_id: 1, asset_id: 'freezer' });
    expect(text.json().errors).toEqual({ asset_id: ['must be a number'] });
  });

  it('refuses a retired asset with 409 and writes nothing', async () => {
    const retired = await newAsset(1, 'Gammal frys', 'retired');
    const before = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
    const res = await createOrder('store', { store_id: 1, asset_id: retired.id }, 'sv');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(
      'Utrustningen är utrangerad: välj utrustning som är i drift, eller lämna fältet tomt.',
    );
    const after = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('setting the asset on an order', () => {
  async function techOrder() {
    const { id } = (await createOrder('store', { store_id: 1 })).json().payload;
    await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { technician_id: TECH } });
    return id as number;
  }

  it('lets the technician name the asset, records it in the history and takes it off again', async () => {
    const id = await techOrder();
    const asset = await newAsset(1, 'Kassadisk 2');
    const res = await call(app, 'PUT', `/api/orders/${id}`, { as: 'tech', payload: { asset_id: asset.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.asset).toMatchObject({ id: asset.id, tag: asset.tag });
    expect(res.json().payload.history.at(-1)).toMatchObject({ field: 'asset', from: null, to: asset.tag });
    // The technician now reads the asset of its order.
    expect((await call(app, 'GET', `/api/assets/${asset.id}`, { as: 'tech' })).statusCode).toBe(200);
    const off = await call(app, 'PUT', `/api/orders/${id}`, { as: 'tech', payload: { asset_id: null } });
    expect(off.json().payload.asset).toBeNull();
    expect(off.json().payload.history.at(-1)).toMatchObject({ field: 'asset', from: asset.tag, to: null });
  });

  it("refuses another store's asset (422) and a retired one (409), changing nothing", async () => {
    const id = await techOrder();
    const version = (await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).json().payload.version;
    const other = await assetOf(2);
    const wrong = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { asset_id: other.id } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ asset_id: ["belongs to another store than the order's"] });
    const retired = await newAsset(1, 'Utrangerad hiss', 'retired');
    const gone = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { asset_id: retired.id } });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('This asset is retired: choose one in service, or leave the asset out.');
    const after = (await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).json().payload;
    expect(after).toMatchObject({ version, asset_id: null });
  });

  it('keeps an order on an asset that was retired later, which then cannot be deleted', async () => {
    const asset = await newAsset(1, 'Rulltrappa');
    const { id } = (await createOrder('store', { store_id: 1, asset_id: asset.id })).json().payload;
    await app.db.execute(sql`update assets set status = 'retired' where id = ${asset.id}`);
    const edit = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { priority: 30 } });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().payload.asset_id).toBe(asset.id);
    expect((await call(app, 'DELETE', `/api/assets/${asset.id}`, { as: 'admin' })).statusCode).toBe(409);
  });
});

describe('the order form options', () => {
  it("offers a store's assets that can take an order, to those who place or handle its orders", async () => {
    const retired = await newAsset(1, 'Avvecklad kompressor', 'retired');
    const res = await call(app, 'GET', '/api/orders/options', { as: 'store', query: { store_id: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const assets = res.json().payload.assets as { id: number; store_id: number }[];
    expect(assets.length).toBeGreaterThanOrEqual(5);
    expect(assets.every((a) => a.store_id === 1)).toBe(true);
    expect(assets.map((a) => a.id)).not.toContain(retired.id);
    // Another chain's store: nothing.
    const out = await call(app, 'GET', '/api/orders/options', { as: 'store', query: { store_id: 10 } });
    expect(out.json().payload.assets).toEqual([]);
    // Without a store, no assets.
    expect((await call(app, 'GET', '/api/orders/options', { as: 'store' })).json().payload.assets).toEqual([]);
  });
});

describe('the asset in the PDF and the export', () => {
  it('prints the asset on the order PDF and lists it in the export', async () => {
    const asset = await newAsset(1, 'Frysö 9');
    await app.db.execute(sql`update assets set warranty_until = current_date + 100 where id = ${asset.id}`);
    const { id, project_number } = (await createOrder('store', { store_id: 1, asset_id: asset.id })).json().payload;
    const pdf = await call(app, 'GET', `/api/orders/generatePdf/${id}`, { as: 'store', lang: 'sv' });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Utrustning');
    expect(text).toContain(`Frysö 9, ${asset.tag} (under garanti)`);

    const token = (await call(app, 'POST', '/api/auth/download-token', { as: 'chainAdmin' })).json().payload.token;
    const res = await app.inject({
      method: 'GET',
      url: '/api/export',
      headers: { lang: 'fi' },
      query: { type: 'OrdersExport', format: 'csv', access_token: token, asset_id: String(asset.id) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.body.slice(1)) as string[][];
    expect(header).toContain('Laite');
    expect(rows).toHaveLength(1);
    expect(Number(rows[0][0])).toBe(project_number);
    expect(rows[0][header.indexOf('Laite')]).toBe(`Frysö 9 (${asset.tag})`);
  });
});
