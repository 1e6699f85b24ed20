import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

const region = (overrides: Record<string, unknown> = {}) => ({
  region_name: 'Uppland',
  phone: '0181234567',
  email: 'uppland@norrgarden.example',
  contact_person: 'Eva Ek',
  ...overrides,
});
const names = (res: { json: () => { payload: { data: { region_name: string }[] } } }) =>
  res.json().payload.data.map((r) => r.region_name);

describe('GET /api/chains/:chainId/regions', () => {
  it('answers 401 without a token and 403 to a store manager', async () => {
    expect((await call(app, 'GET', '/api/chains/1/regions')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/chains/1/regions', { as: 'store' })).statusCode).toBe(403);
  });

  it('lists the regions of a chain with their chain', async () => {
    const res = await call(app, 'GET', '/api/chains/1/regions', {
      as: 'admin',
      query: { sort_by: 'id', sort_order: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['Stockholm', 'Göteborg', 'Skåne']);
    expect(res.json().payload.data[0]).toMatchObject({
      id: 1,
      chain_id: 1,
      chain: { id: 1, chain_name: 'Norrgården Livs' },
      stores_count: 3,
    });
  });

  it('shows a chain-admin its chain, a regional director only its own region, and hides other chains (404)', async () => {
    expect(names(await call(app, 'GET', '/api/chains/1/regions', { as: 'chainAdmin' }))).toHaveLength(3);
    expect(names(await call(app, 'GET', '/api/chains/1/regions', { as: 'director' }))).toEqual(['Stockholm']);
    const other = await call(app, 'GET', '/api/chains/3/regions', { as: 'chainAdmin' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Chain not found.' });
    expect((await call(app, 'GET', '/api/chains/3/regions', { as: 'director' })).statusCode).toBe(404);
  });

  it('searches case-insensitively with å ä ö', async () => {
    expect(names(await call(app, 'GET', '/api/chains/1/regions', { as: 'admin', query: { q: 'SKÅ' } }))).toEqual([
      'Skåne',
    ]);
    expect(names(await call(app, 'GET', '/api/chains/1/regions', { as: 'admin', query: { q: 'göte' } }))).toEqual([
      'Göteborg',
    ]);
  });
});

describe('GET /api/chains/:chainId/regions/:id', () => {
  it('answers a region of the chain, and 404 for a region of another chain or outside the scope', async () => {
    expect((await call(app, 'GET', '/api/chains/1/regions/2', { as: 'chainAdmin' })).json().payload.region_name).toBe(
      'Göteborg',
    );
    expect((await call(app, 'GET', '/api/chains/1/regions/4', { as: 'admin' })).statusCode).toBe(404);
    const res = await call(app, 'GET', '/api/chains/1/regions/2', { as: 'director' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Region not found.' });
  });
});

describe('POST /api/chains/:chainId/regions', () => {
  it('refuses a regional director with 403', async () => {
    expect((await call(app, 'POST', '/api/chains/1/regions', { as: 'director', payload: region() })).statusCode).toBe(
      403,
    );
  });

  it('answers 422 "is required" for region_name, phone and contact_person (e-mail is optional)', async () => {
    const res = await call(app, 'POST', '/api/chains/1/regions', { as: 'admin', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      region_name: ['is required'],
      phone: ['is required'],
      contact_person: ['is required'],
    });
  });

  it('wants the phone exactly 10 characters long', async () => {
    for (const phone of ['012345678', '01234567890']) {
      const res = await call(app, 'POST', '/api/chains/1/regions', { as: 'admin', payload: region({ phone }) });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ phone: ['must be exactly 10 characters'] });
    }
    const sv = await call(app, 'POST', '/api/chains/1/regions', {
      as: 'admin',
      lang: 'sv',
      payload: region({ phone: '1' }),
    });
    expect(sv.json().errors).toEqual({ phone: ['måste vara exakt 10 tecken'] });
  });

  it('wants an e-mail, when given, valid and longer than 5 characters', async () => {
    const short = await call(app, 'POST', '/api/chains/1/regions', {
      as: 'admin',
      payload: region({ email: 'a@b.c' }),
    });
    expect(short.json().errors).toEqual({ email: ['must be at least 6 characters'] });
    const invalid = await call(app, 'POST', '/api/chains/1/regions', {
      as: 'admin',
      payload: region({ email: 'no-at-sign' }),
    });
    expect(invalid.json().errors).toEqual({ email: ['must be a valid email address'] });
    const none = await call(app, 'POST', '/api/chains/1/regions', {
      as: 'admin',
      payload: region({ email: '', region_name: 'Utan e-post' }),
    });
    expect(none.statusCode).toBe(201);
    expect(none.json().payload.email).toBeNull();
  });

  it('lets a chain-admin create a region in its chain and answers it with its chain', async () => {
    const res = await call(app, 'POST', '/api/chains/1/regions', { as: 'chainAdmin', payload: region() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Region created successfully.',
      payload: {
        region_name: 'Uppland',
        chain_id: 1,
        chain: { id: 1, chain_name: 'Norrgården Livs' },
        stores_count: 0,
      },
    });
  });

  it('answers 404 to a chain-admin creating in another chain, and 409 in a chain without regions', async () => {
    expect((await call(app, 'POST', '/api/chains/3/regions', { as: 'chainAdmin', payload: region() })).statusCode).toBe(
      404,
    );
    const res = await call(app, 'POST', '/api/chains/2/regions', { as: 'admin', payload: region() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'This chain is set up without regions. Turn regions on for the chain first.',
    });
  });
});

describe('PUT /api/chains/:chainId/regions/:id', () => {
  it('updates a region of the chain-admin chain', async () => {
    const res = await call(app, 'PUT', '/api/chains/1/regions/3', {
      as: 'chainAdmin',
      payload: region({ region_name: 'Skåne Syd', phone: '0401234567' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Region updated successfully.',
      payload: { id: 3, region_name: 'Skåne Syd' },
    });
  });

  it('answers 404 for a region outside the scope and 422 for invalid fields', async () => {
    expect(
      (await call(app, 'PUT', '/api/chains/3/regions/4', { as: 'chainAdmin', payload: region() })).statusCode,
    ).toBe(404);
    const res = await call(app, 'PUT', '/api/chains/1/regions/3', { as: 'admin', payload: region({ phone: '123' }) });
    expect(res.json().errors).toEqual({ phone: ['must be exactly 10 characters'] });
  });
});

describe('DELETE /api/chains/:chainId/regions/:id', () => {
  it('answers 409 for a region that still has stores', async () => {
    const res = await call(app, 'DELETE', '/api/chains/1/regions/2', { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This region still has 3 store(s). Move or delete them first.' });
  });

  it('deletes an empty region', async () => {
    const created = (
      await call(app, 'POST', '/api/chains/1/regions', { as: 'admin', payload: region({ region_name: 'Tomma' }) })
    ).json().payload;
    const res = await call(app, 'DELETE', `/api/chains/1/regions/${created.id}`, { as: 'chainAdmin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Region deleted successfully.', payload: null });
    expect((await call(app, 'GET', `/api/chains/1/regions/${created.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('answers 409 for a region a regional director is still bound to', async () => {
    const created = (
      await call(app, 'POST', '/api/chains/1/regions', { as: 'admin', payload: region({ region_name: 'Bunden' }) })
    ).json().payload;
    const user = await call(app, 'POST', '/api/users', {
      as: 'chainAdmin',
      payload: {
        name: 'Regional Chef',
        email: 'rc@example.com',
        phone_no: '0701111111',
        password: 'secret123',
        role: 'regional-director',
        entity_type: 'region',
        entity_id: created.id,
      },
    });
    expect(user.statusCode).toBe(201);
    const res = await call(app, 'DELETE', `/api/chains/1/regions/${created.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 user(s) are still bound to this region. Change them first.');
  });

  it('answers 404 for a region outside the chain-admin scope', async () => {
    expect((await call(app, 'DELETE', '/api/chains/3/regions/4', { as: 'chainAdmin' })).statusCode).toBe(404);
  });
});
