import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

const store = (overrides: Record<string, unknown> = {}) => ({
  store_name: 'Norrgården Vasastan',
  phone: '0812345678',
  email: 'vasastan@norrgarden.example',
  invoice_address: 'Box 1234, 111 22 Stockholm',
  contact_person: 'Butikschef Vasastan',
  chain_id: 1,
  region_id: 1,
  ...overrides,
});
type Res = { json: () => { payload: { data: { id: number; store_name: string }[]; total: number } } };
const ids = (res: Res) => res.json().payload.data.map((s) => s.id);

describe('GET /api/stores', () => {
  it('answers 401 without a token and 403 to a store manager or technician', async () => {
    expect((await call(app, 'GET', '/api/stores')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/stores', { as: 'store' })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/stores', { as: 'tech' })).statusCode).toBe(403);
  });

  it('answers stores with their chain and region', async () => {
    const res = await call(app, 'GET', '/api/stores', {
      as: 'admin',
      query: { sort_by: 'id', sort_order: 'asc', limit: 1 },
    });
    expect(res.json().payload.data[0]).toMatchObject({
      id: 1,
      store_name: 'Norrgården Södermalm',
      chain_id: 1,
      region_id: 1,
      chain: { id: 1, chain_name: 'Norrgården Livs', has_region: 1 },
      region: { id: 1, region_name: 'Stockholm' },
    });
    const flat = await call(app, 'GET', '/api/stores/10', { as: 'admin' });
    expect(flat.json().payload).toMatchObject({ region_id: null, region: null, chain: { has_region: 0 } });
  });

  it('scopes the list: a chain-admin sees its chain, a regional director its region', async () => {
    const chainAdmin = await call(app, 'GET', '/api/stores', { as: 'chainAdmin', query: { limit: 100 } });
    expect(chainAdmin.json().payload.total).toBe(9);
    const director = await call(app, 'GET', '/api/stores', {
      as: 'director',
      query: { sort_by: 'id', sort_order: 'asc' },
    });
    expect(ids(director)).toEqual([1, 2, 3]);
    // A filter cannot widen the scope.
    expect(
      (await call(app, 'GET', '/api/stores', { as: 'director', query: { chain_id: 3 } })).json().payload.total,
    ).toBe(0);
  });

  it('filters by chain_id and region_id, and searches names with å ä ö', async () => {
    expect((await call(app, 'GET', '/api/stores', { as: 'admin', query: { chain_id: 2 } })).json().payload.total).toBe(
      4,
    );
    const region = await call(app, 'GET', '/api/stores', {
      as: 'admin',
      query: { region_id: 2, sort_by: 'id', sort_order: 'asc' },
    });
    expect(ids(region)).toEqual([4, 5, 6]);
    const search = await call(app, 'GET', '/api/stores', { as: 'admin', query: { q: 'SÖDERMALM' } });
    expect(search.json().payload.data.map((s: { store_name: string }) => s.store_name)).toEqual([
      'Norrgården Södermalm',
    ]);
  });

  it('sorts by chain and region name and refuses an unknown column', async () => {
    const res = await call(app, 'GET', '/api/stores', {
      as: 'admin',
      query: { sort_by: 'chain_name', sort_order: 'asc', limit: 1 },
    });
    expect(res.json().payload.data[0].chain.chain_name).toBe('Fjällbo Bygghandel');
    expect((await call(app, 'GET', '/api/stores', { as: 'admin', query: { sort_by: 'nope' } })).statusCode).toBe(422);
  });
});

describe('GET /api/stores/:id', () => {
  it('answers 404 for a store outside the scope', async () => {
    expect((await call(app, 'GET', '/api/stores/4', { as: 'director' })).statusCode).toBe(404);
    const res = await call(app, 'GET', '/api/stores/10', { as: 'chainAdmin' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Store not found.' });
    expect((await call(app, 'GET', '/api/stores/2', { as: 'director' })).statusCode).toBe(200);
  });
});

describe('POST /api/stores', () => {
  it('refuses a regional director with 403', async () => {
    expect((await call(app, 'POST', '/api/stores', { as: 'director', payload: store() })).statusCode).toBe(403);
  });

  it('answers 422 "is required" for every required field', async () => {
    const res = await call(app, 'POST', '/api/stores', { as: 'admin', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      store_name: ['is required'],
      phone: ['is required'],
      invoice_address: ['is required'],
      contact_person: ['is required'],
      chain_id: ['is required'],
    });
  });

  it('wants a numeric phone of at least 9 digits', async () => {
    const letters = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ phone: '08-123 456' }) });
    expect(letters.json().errors).toEqual({ phone: ['must be a number'] });
    const short = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ phone: '12345678' }) });
    expect(short.json().errors).toEqual({ phone: ['must be atleast 9 digits'] });
    expect(short.json().message).toBe('phone: must be atleast 9 digits');
    const fi = await call(app, 'POST', '/api/stores', { as: 'admin', lang: 'fi', payload: store({ phone: 'abc' }) });
    expect(fi.json().errors).toEqual({ phone: ['anna numero'] });
  });

  it('wants a valid e-mail when one is given', async () => {
    const res = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ email: 'nope' }) });
    expect(res.json().errors).toEqual({ email: ['must be a valid email address'] });
  });

  it('wants the region in the store chain, and no region for a chain without regions', async () => {
    const other = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ region_id: 4 }) });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({ region_id: ['does not belong to the selected chain'] });
    const flat = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ chain_id: 2, region_id: 1 }) });
    expect(flat.json().errors).toEqual({ region_id: ['must be empty: the chain has no regions'] });
    const unknown = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ chain_id: 999999 }) });
    expect(unknown.json().errors).toEqual({ chain_id: ['does not exist'] });
  });

  it('creates a store, and one without a region in a chain without regions', async () => {
    const res = await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ phone: 812345678 }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Store created successfully.',
      payload: { store_name: 'Norrgården Vasastan', phone: '812345678', region: { id: 1, region_name: 'Stockholm' } },
    });
    const flat = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      payload: store({ chain_id: '2', region_id: '', store_name: 'Kotimarket Espoo' }),
    });
    expect(flat.statusCode).toBe(201);
    expect(flat.json().payload).toMatchObject({ chain_id: 2, region_id: null, region: null });
  });

  it('keeps an optional city (trimmed, at most 100 characters), lists it and searches it', async () => {
    const res = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Bromma', city: ' Bromma ' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, city } = res.json().payload;
    expect(city).toBe('Bromma');
    const listed = await call(app, 'GET', '/api/stores', { as: 'admin', query: { q: 'bromma', sort_by: 'city' } });
    expect(listed.json().payload.data).toEqual([expect.objectContaining({ id, city: 'Bromma' })]);
    const cleared = await call(app, 'PUT', `/api/stores/${id}`, {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Bromma', city: '' }),
    });
    expect(cleared.json().payload.city).toBeNull();
    const without = await call(app, 'PUT', `/api/stores/${id}`, {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Bromma' }),
    });
    expect(without.json().payload.city).toBeNull();
    const demo = await call(app, 'GET', '/api/stores/1', { as: 'admin' });
    expect(demo.json().payload.city).toBe('Stockholm');
    const bad = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      lang: 'sv',
      payload: store({ store_name: 'Norrgården X', city: 'x'.repeat(101) }),
    });
    expect(bad.json().errors).toEqual({ city: ['får vara högst 100 tecken'] });
    const control = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Y', city: 'Stock\u0007holm' }),
    });
    expect(control.json().errors).toEqual({ city: ['may not contain control characters'] });
  });

  it('keeps an optional position (both or neither, in range, a decimal comma too) for site visits', async () => {
    const res = await call(app, 'POST', '/api/stores', {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Hornstull', lat: '59,3157', lng: 18.0337 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload).toMatchObject({ lat: 59.3157, lng: 18.0337 });
    const { id } = res.json().payload;
    const cleared = await call(app, 'PUT', `/api/stores/${id}`, {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Hornstull', lat: '', lng: null }),
    });
    expect(cleared.json().payload).toMatchObject({ lat: null, lng: null });
    expect((await call(app, 'GET', '/api/stores/1', { as: 'admin' })).json().payload).toMatchObject({
      lat: 59.3147,
      lng: 18.0719,
    });
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ lat: 59.3 }, { lng: ['is required'] }],
      [{ lng: 18 }, { lat: ['is required'] }],
      [{ lat: -90.5, lng: 18 }, { lat: ['must be at least -90'] }],
      [{ lat: 59, lng: 'east' }, { lng: ['must be a number'] }],
    ];
    for (const [position, errors] of cases) {
      const bad = await call(app, 'PUT', `/api/stores/${id}`, { as: 'admin', payload: store(position) });
      expect(bad.statusCode, JSON.stringify(position)).toBe(422);
      expect(bad.json().errors).toEqual(errors);
    }
  });

  it('lets a chain-admin create only in its own chain', async () => {
    expect(
      (await call(app, 'POST', '/api/stores', { as: 'chainAdmin', payload: store({ store_name: 'Egen' }) })).statusCode,
    ).toBe(201);
    const res = await call(app, 'POST', '/api/stores', {
      as: 'chainAdmin',
      payload: store({ chain_id: 3, region_id: 4 }),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/stores/:id', () => {
  it('updates a store and moves its orders with it to another region', async () => {
    const res = await call(app, 'PUT', '/api/stores/3', {
      as: 'admin',
      payload: store({ store_name: 'Norrgården Solna C', region_id: 2 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Store updated successfully.',
      payload: { id: 3, store_name: 'Norrgården Solna C', region: { id: 2, region_name: 'Göteborg' } },
    });
    const { rows } = await app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders where store_id = 3 and region_id is distinct from 2`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('locks the chain for a chain-admin', async () => {
    const res = await call(app, 'PUT', '/api/stores/2', {
      as: 'chainAdmin',
      payload: store({ chain_id: 2, region_id: null }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ chain_id: ['cannot be changed'] });
    const ok = await call(app, 'PUT', '/api/stores/2', {
      as: 'chainAdmin',
      payload: store({ store_name: 'Norrgården Kungsholmen' }),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 404 for a store outside the chain-admin scope, and 422 per field', async () => {
    expect((await call(app, 'PUT', '/api/stores/10', { as: 'chainAdmin', payload: store() })).statusCode).toBe(404);
    const res = await call(app, 'PUT', '/api/stores/2', { as: 'admin', payload: store({ phone: '' }) });
    expect(res.json().errors).toEqual({ phone: ['is required'] });
  });
});

describe('DELETE /api/stores/:id', () => {
  it('answers 409 for a store with orders', async () => {
    const res = await call(app, 'DELETE', '/api/stores/1', { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This store still has \d+ order\(s\) and cannot be deleted\.$/);
  });

  it('answers 409 for a store a store manager is still bound to', async () => {
    const created = (
      await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ store_name: 'Bunden' }) })
    ).json().payload;
    await call(app, 'POST', '/api/users', {
      as: 'admin',
      payload: {
        name: 'Bunden Chef',
        email: 'bunden@example.com',
        phone_no: '0702222222',
        password: 'secret123',
        role: 'store-manager',
        entity_id: created.id,
      },
    });
    const res = await call(app, 'DELETE', `/api/stores/${created.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 user(s) are still bound to this store. Change them first.');
  });

  it('deletes a store without orders or users', async () => {
    const created = (
      await call(app, 'POST', '/api/stores', { as: 'admin', payload: store({ store_name: 'Tillfällig' }) })
    ).json().payload;
    const res = await call(app, 'DELETE', `/api/stores/${created.id}`, { as: 'chainAdmin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Store deleted successfully.', payload: null });
    expect((await call(app, 'GET', `/api/stores/${created.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('answers 404 for a store outside the scope and 403 to a regional director', async () => {
    expect((await call(app, 'DELETE', '/api/stores/10', { as: 'chainAdmin' })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', '/api/stores/1', { as: 'director' })).statusCode).toBe(403);
  });
});
