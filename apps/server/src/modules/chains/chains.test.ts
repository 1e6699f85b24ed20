import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

const chain = (overrides: Record<string, unknown> = {}) => ({
  chain_name: 'Testkedjan AB',
  phone: '0811122233',
  email: 'info@testkedjan.example',
  invoice_address: 'Box 9, 111 11 Stockholm',
  contact_person: 'Test Person',
  has_region: 1,
  ...overrides,
});

describe('GET /api/chains', () => {
  it('answers 401 without a token and 403 to a store manager', async () => {
    expect((await call(app, 'GET', '/api/chains')).statusCode).toBe(401);
    const res = await call(app, 'GET', '/api/chains', { as: 'store' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Forbidden action.' });
  });

  it('lists every chain for an admin, paginated, with has_region as 1 or 0', async () => {
    const res = await call(app, 'GET', '/api/chains', {
      as: 'admin',
      query: { limit: 2, sort_by: 'id', sort_order: 'asc' },
    });
    expect(res.statusCode).toBe(200);
    const { payload } = res.json();
    expect(payload).toMatchObject({ current_page: 1, per_page: 2, last_page: 2, total: 3 });
    expect(payload.data[0]).toMatchObject({ id: 1, chain_name: 'Norrgården Livs', has_region: 1, regions_count: 3 });
    expect(payload.data[1]).toMatchObject({ id: 2, chain_name: 'Kotimarket Oy', has_region: 0, stores_count: 4 });
  });

  it('shows a chain-admin only its own chain', async () => {
    const res = await call(app, 'GET', '/api/chains', { as: 'chainAdmin' });
    expect(res.json().payload.data.map((c: { id: number }) => c.id)).toEqual([1]);
    expect(res.json().payload.total).toBe(1);
  });

  it('finds "ÅHLÉNS" when searching "åhlén" (case-insensitive, å ä ö é)', async () => {
    await call(app, 'POST', '/api/chains', { as: 'admin', payload: chain({ chain_name: 'ÅHLÉNS' }) });
    const res = await call(app, 'GET', '/api/chains', { as: 'admin', query: { q: 'åhlén' } });
    expect(res.json().payload.data.map((c: { chain_name: string }) => c.chain_name)).toEqual(['ÅHLÉNS']);
    const gard = await call(app, 'GET', '/api/chains', { as: 'admin', query: { q: 'NORRGÅRDEN' } });
    expect(gard.json().payload.total).toBe(1);
  });

  it('sorts by an allowed column and refuses an unknown one with 422', async () => {
    const res = await call(app, 'GET', '/api/chains', {
      as: 'admin',
      query: { sort_by: 'chain_name', sort_order: 'asc' },
    });
    const names = res.json().payload.data.map((c: { chain_name: string }) => c.chain_name);
    // Byte order: Å, Ä, Ö come after Z, as in the Swedish alphabet.
    expect(names).toEqual([...names].sort());
    const bad = await call(app, 'GET', '/api/chains', { as: 'admin', query: { sort_by: 'password' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort_by: ['cannot be sorted by this column'] });
  });
});

describe('GET /api/chains/:id', () => {
  it('answers the chain, and 404 for a chain outside a chain-admin scope or a malformed id', async () => {
    expect((await call(app, 'GET', '/api/chains/1', { as: 'chainAdmin' })).json().payload.chain_name).toBe(
      'Norrgården Livs',
    );
    const other = await call(app, 'GET', '/api/chains/2', { as: 'chainAdmin' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Chain not found.' });
    expect((await call(app, 'GET', '/api/chains/1234567890', { as: 'admin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/chains/abc', { as: 'admin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/chains/999999', { as: 'admin' })).statusCode).toBe(404);
  });

  it('refuses a regional director with 403', async () => {
    expect((await call(app, 'GET', '/api/chains/1', { as: 'director' })).statusCode).toBe(403);
  });
});

describe('POST /api/chains', () => {
  it('refuses a chain-admin with 403 before looking at the body', async () => {
    expect((await call(app, 'POST', '/api/chains', { as: 'chainAdmin', payload: {} })).statusCode).toBe(403);
  });

  it('answers 422 "is required" for every field of the chain form', async () => {
    const res = await call(app, 'POST', '/api/chains', { as: 'admin', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      chain_name: ['is required'],
      phone: ['is required'],
      email: ['is required'],
      invoice_address: ['is required'],
      contact_person: ['is required'],
      has_region: ['is required'],
    });
    expect(res.json().message).toBe('chain_name: is required');
    const blank = await call(app, 'POST', '/api/chains', { as: 'admin', payload: chain({ chain_name: '   ' }) });
    expect(blank.json().errors).toEqual({ chain_name: ['is required'] });
  });

  it('answers 422 for an invalid e-mail and a has_region that is not 1 or 0, in the caller language', async () => {
    const res = await call(app, 'POST', '/api/chains', {
      as: 'admin',
      payload: chain({ email: 'not-an-email', has_region: 5 }),
    });
    expect(res.json().errors).toEqual({ email: ['must be a valid email address'], has_region: ['must be yes or no'] });
    const sv = await call(app, 'POST', '/api/chains', { as: 'admin', lang: 'sv', payload: chain({ phone: '' }) });
    expect(sv.json().errors).toEqual({ phone: ['är obligatoriskt'] });
  });

  it('creates a chain with regions (1) or without (0) and answers it', async () => {
    const res = await call(app, 'POST', '/api/chains', { as: 'superAdmin', payload: chain() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Chain created successfully.',
      payload: { chain_name: 'Testkedjan AB', has_region: 1, regions_count: 0, stores_count: 0 },
    });
    const flat = await call(app, 'POST', '/api/chains', {
      as: 'admin',
      lang: 'fi',
      payload: chain({ chain_name: 'Ilman alueita', has_region: '0' }),
    });
    expect(flat.json()).toMatchObject({ message: 'Ketju luotiin.', payload: { has_region: 0 } });
    const yes = await call(app, 'POST', '/api/chains', { as: 'admin', payload: chain({ has_region: true }) });
    expect(yes.json().payload.has_region).toBe(1);
  });
});

describe('PUT /api/chains/:id', () => {
  it('updates a chain', async () => {
    const res = await call(app, 'PUT', '/api/chains/3', {
      as: 'admin',
      payload: chain({ chain_name: 'Fjällbo Bygg', has_region: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Chain updated successfully.',
      payload: { id: 3, chain_name: 'Fjällbo Bygg' },
    });
  });

  it('refuses to turn regions off while the chain has regions', async () => {
    const res = await call(app, 'PUT', '/api/chains/1', { as: 'admin', payload: chain({ has_region: 0 }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ has_region: ['cannot be turned off while the chain has regions'] });
  });

  it('answers 404 for an unknown chain', async () => {
    expect((await call(app, 'PUT', '/api/chains/999999', { as: 'admin', payload: chain() })).statusCode).toBe(404);
  });
});

describe('DELETE /api/chains/:id', () => {
  it('answers 409 with a clear message for a chain that still has stores, and keeps it', async () => {
    const res = await call(app, 'DELETE', '/api/chains/1', { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This chain still has 9 store(s). Delete or move them first.' });
    expect((await call(app, 'GET', '/api/chains/1', { as: 'admin' })).statusCode).toBe(200);
  });

  it('answers 409 for a chain a chain-admin is still bound to', async () => {
    const created = (
      await call(app, 'POST', '/api/chains', { as: 'admin', payload: chain({ chain_name: 'Bound' }) })
    ).json().payload;
    await call(app, 'POST', '/api/users', {
      as: 'admin',
      payload: {
        name: 'Bound Admin',
        email: 'bound.admin@example.com',
        phone_no: '0701234567',
        password: 'secret123',
        role: 'chain-admin',
        entity_type: 'chain',
        entity_id: [created.id],
      },
    });
    const res = await call(app, 'DELETE', `/api/chains/${created.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('1 user(s) are still bound to this chain or its regions. Change them first.');
  });

  it('deletes a chain without stores together with its empty regions', async () => {
    const created = (
      await call(app, 'POST', '/api/chains', { as: 'admin', payload: chain({ chain_name: 'Tillfällig' }) })
    ).json().payload;
    const region = await call(app, 'POST', `/api/chains/${created.id}/regions`, {
      as: 'admin',
      payload: { region_name: 'Norr', phone: '0123456789', contact_person: 'X Y' },
    });
    expect(region.statusCode).toBe(201);
    const res = await call(app, 'DELETE', `/api/chains/${created.id}`, { as: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Chain deleted successfully.', payload: null });
    expect((await call(app, 'GET', `/api/chains/${created.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('refuses a chain-admin with 403 and answers 404 for an unknown chain', async () => {
    expect((await call(app, 'DELETE', '/api/chains/1', { as: 'chainAdmin' })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', '/api/chains/999999', { as: 'admin' })).statusCode).toBe(404);
  });
});
