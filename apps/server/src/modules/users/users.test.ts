import { describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoUser } from '../../test/app.ts';

const app = await createTestApp();

const user = (overrides: Record<string, unknown> = {}) => ({
  name: 'Sara Butik',
  email: 'sara@example.com',
  phone_no: '0701234567',
  password: 'secret123',
  role: 'store-manager',
  entity_type: 'store',
  entity_id: [1],
  ...overrides,
});
const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
type Res = { json: () => { payload: { data: { email: string }[]; total: number } } };
const emails = (res: Res) => res.json().payload.data.map((u) => u.email);

describe('GET /api/users', () => {
  it('answers 401 without a token and 403 to a regional director', async () => {
    expect((await call(app, 'GET', '/api/users')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/users', { as: 'director' })).statusCode).toBe(403);
  });

  it('lists users in the contract shape, never with a password', async () => {
    const res = await call(app, 'GET', '/api/users', { as: 'admin', query: { sort_by: 'id', sort_order: 'asc' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payload.total).toBe(9);
    expect(body.payload.data[4]).toMatchObject({
      email: 'store@example.com',
      role: 'store-manager',
      role_title: 'Store Manager',
      entity_type: 'store',
      entity_id: 1,
      entities_ids: [1],
      entities_data: [{ id: 1, store_name: 'Norrgården Södermalm', chain_id: 1, region_id: 1 }],
      entity_detail: { id: 1, chain_id: 1, region_id: 1, chain: { id: 1, chain_name: 'Norrgården Livs' } },
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('shows a chain-admin only the users of its chain', async () => {
    const res = await call(app, 'GET', '/api/users', { as: 'chainAdmin', query: { sort_by: 'id', sort_order: 'asc' } });
    expect(emails(res)).toEqual(['chainadmin@example.com', 'director@example.com', 'store@example.com']);
  });

  it('filters by role (id or slug), entity and the chain -> region -> store cascade', async () => {
    const bySlug = await call(app, 'GET', '/api/users', { as: 'admin', query: { role_id: 'technician' } });
    expect(bySlug.json().payload.total).toBe(2);
    const byId = await call(app, 'GET', '/api/users', { as: 'admin', query: { role_id: 3 } });
    expect(byId.json().payload.total).toBe(2);
    const chain = await call(app, 'GET', '/api/users', {
      as: 'admin',
      query: { chain_id: 2, sort_by: 'id', sort_order: 'asc' },
    });
    expect(emails(chain)).toEqual(['chainadmin2@example.com', 'store2@example.com']);
    const region = await call(app, 'GET', '/api/users', {
      as: 'admin',
      query: { region_id: 1, sort_by: 'id', sort_order: 'asc' },
    });
    expect(emails(region)).toEqual(['director@example.com', 'store@example.com']);
    const store = await call(app, 'GET', '/api/users', { as: 'admin', query: { store_id: 1 } });
    expect(emails(store)).toEqual(['store@example.com']);
    const entity = await call(app, 'GET', '/api/users', { as: 'admin', query: { entity_type: 'chain', entity_id: 1 } });
    expect(emails(entity)).toEqual(['chainadmin@example.com']);
    const empty = await call(app, 'GET', '/api/users', { as: 'admin', query: { role_id: '', chain_id: '' } });
    expect(empty.json().payload.total).toBe(9);
    // A role id is an integer of the contract like any id.
    const beyond = await call(app, 'GET', '/api/users', { as: 'admin', lang: 'sv', query: { role_id: '2147483648' } });
    expect(beyond.statusCode).toBe(422);
    expect(beyond.json().errors).toEqual({ role_id: ['är ogiltigt'] });
  });

  it('searches name, e-mail and phone case-insensitively with å ä ö', async () => {
    expect(emails(await call(app, 'GET', '/api/users', { as: 'admin', query: { q: 'EKSTRÖM' } }))).toEqual([
      'superadmin@example.com',
    ]);
    expect(emails(await call(app, 'GET', '/api/users', { as: 'admin', query: { q: '0406667788' } }))).toEqual([
      'tech@example.com',
    ]);
  });
});

describe('GET /api/users/technicians', () => {
  it('lists technicians for admins only', async () => {
    const res = await call(app, 'GET', '/api/users/technicians', { as: 'admin', query: { limit: 100 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.data.map((u: { role: string }) => u.role)).toEqual(['technician', 'technician']);
    expect((await call(app, 'GET', '/api/users/technicians', { as: 'chainAdmin' })).statusCode).toBe(403);
  });
});

describe('entity_type in answers', () => {
  it('is one the documented schema allows, null included, in the profile, the user list and the technicians', async () => {
    // call() holds each answer against the served OpenAPI document; this collects what was seen.
    const seen = new Set<unknown>();
    for (const as of Object.keys(DEMO) as DemoUser[]) {
      const res = await call(app, 'GET', '/api/profile', { as });
      expect(res.statusCode).toBe(200);
      seen.add(res.json().payload.entity_type);
    }
    const users = await call(app, 'GET', '/api/users', { as: 'superAdmin', query: { limit: 100 } });
    const technicians = await call(app, 'GET', '/api/users/technicians', { as: 'admin', query: { limit: 100 } });
    for (const res of [users, technicians]) {
      for (const row of res.json().payload.data) seen.add(row.entity_type);
    }
    expect([...seen].sort()).toEqual(['chain', 'region', 'store', null].sort());
  });
});

describe('GET /api/users/:id', () => {
  it('answers the user, and 404 outside the chain-admin scope', async () => {
    const res = await call(app, 'GET', '/api/users/5', { as: 'chainAdmin' });
    expect(res.json().payload).toMatchObject({ id: 5, email: 'store@example.com' });
    const other = await call(app, 'GET', '/api/users/9', { as: 'chainAdmin' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'User not found.' });
    expect((await call(app, 'GET', '/api/users/2', { as: 'chainAdmin' })).statusCode).toBe(404);
  });
});

describe('POST /api/users', () => {
  it('answers 422 "is required" for name, email, phone_no, role and password', async () => {
    const res = await call(app, 'POST', '/api/users', { as: 'admin', payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['is required'],
      email: ['is required'],
      phone_no: ['is required'],
      role: ['is required'],
      password: ['is required'],
    });
  });

  it('wants a password of at least 8 characters and a valid e-mail', async () => {
    const res = await call(app, 'POST', '/api/users', {
      as: 'admin',
      payload: user({ password: '12345', email: 'x' }),
    });
    expect(res.json().errors).toEqual({
      email: ['must be a valid email address'],
      password: ['must be at least 8 characters'],
    });
  });

  it('answers "has already been taken" for an e-mail in use, whatever its case', async () => {
    const res = await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ email: 'STORE@Example.com' }) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['has already been taken'] });
    const sv = await call(app, 'POST', '/api/users', {
      as: 'admin',
      lang: 'sv',
      payload: user({ email: 'store@example.com' }),
    });
    expect(sv.json().errors).toEqual({ email: ['används redan'] });
  });

  it('wants an existing role and the entity the role needs', async () => {
    expect(
      (await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ role: 'pirate' }) })).json().errors,
    ).toEqual({
      role: ['does not exist'],
    });
    expect(
      (await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ entity_id: [] }) })).json().errors,
    ).toEqual({
      entity_id: ['is required'],
    });
    expect(
      (await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ entity_type: 'chain' }) })).json().errors,
    ).toEqual({ entity_type: ['is invalid'] });
    expect(
      (await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ entity_id: [1, 999999] }) })).json().errors,
    ).toEqual({ entity_id: ['does not exist'] });
  });

  it('creates a store manager bound to several stores, who can then sign in', async () => {
    const res = await call(app, 'POST', '/api/users', {
      as: 'admin',
      payload: user({ email: 'Sara@Example.com', entity_id: ['1', 2] }),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'User created successfully.',
      payload: { email: 'sara@example.com', role: 'store-manager', entity_type: 'store', entities_ids: [1, 2] },
    });
    const signIn = await login('sara@example.com', 'secret123');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().payload.user.entities_ids).toEqual([1, 2]);
  });

  it('drops entity fields for admin-type roles and binds a chain-admin to several chains', async () => {
    const admin = await call(app, 'POST', '/api/users', {
      as: 'admin',
      payload: user({ email: 'tech3@example.com', role: 'technician', entity_type: 'store', entity_id: [1] }),
    });
    expect(admin.statusCode).toBe(201);
    expect(admin.json().payload).toMatchObject({ entity_type: null, entity_id: null, entities_ids: [] });
    const ca = await call(app, 'POST', '/api/users', {
      as: 'superAdmin',
      payload: user({ email: 'multi@example.com', role: 'chain-admin', entity_type: 'chain', entity_id: [1, 3] }),
    });
    expect(ca.json().payload).toMatchObject({
      entity_type: 'chain',
      entities_data: [
        { id: 1, chain_name: 'Norrgården Livs' },
        { id: 3, chain_name: 'Fjällbo Bygghandel' },
      ],
    });
  });

  it('lets a chain-admin create store managers and regional directors in its chains only', async () => {
    const ok = await call(app, 'POST', '/api/users', {
      as: 'chainAdmin',
      payload: user({ email: 'rd2@example.com', role: 'regional-director', entity_type: 'region', entity_id: 2 }),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payload.entities_data).toEqual([{ id: 2, region_name: 'Göteborg', chain_id: 1 }]);
    const refused = {
      admin: user({ email: 'boss@example.com', role: 'admin' }),
      chainAdmin: user({ email: 'ca3@example.com', role: 'chain-admin', entity_type: 'chain', entity_id: [1] }),
      otherChain: user({ email: 'elsewhere@example.com', entity_id: [10] }),
    };
    for (const [what, payload] of Object.entries(refused)) {
      expect((await call(app, 'POST', '/api/users', { as: 'chainAdmin', payload })).statusCode, what).toBe(403);
    }
  });
});

describe('PUT /api/users/:id', () => {
  it('updates without a password, and a new password ends the user sessions', async () => {
    const created = (
      await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ email: 'pw@example.com' }) })
    ).json().payload;
    const token = (await login('pw@example.com', 'secret123')).json().payload.access_token;
    const same = await call(app, 'PUT', `/api/users/${created.id}`, {
      as: 'admin',
      payload: user({ email: 'pw@example.com', name: 'Nytt Namn', password: '' }),
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ message: 'User updated successfully.', payload: { name: 'Nytt Namn' } });
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(200);
    expect((await login('pw@example.com', 'secret123')).statusCode).toBe(200);

    const short = await call(app, 'PUT', `/api/users/${created.id}`, {
      as: 'admin',
      payload: user({ email: 'pw@example.com', password: 'abc' }),
    });
    expect(short.json().errors).toEqual({ password: ['must be at least 8 characters'] });

    await call(app, 'PUT', `/api/users/${created.id}`, {
      as: 'admin',
      payload: user({ email: 'pw@example.com', password: 'another1' }),
    });
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(401);
    expect((await login('pw@example.com', 'another1')).statusCode).toBe(200);
  });

  it('replaces the bindings when the role changes', async () => {
    const created = (
      await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ email: 'switch@example.com' }) })
    ).json().payload;
    const res = await call(app, 'PUT', `/api/users/${created.id}`, {
      as: 'admin',
      payload: user({
        email: 'switch@example.com',
        role: 'regional-director',
        entity_type: 'region',
        entity_id: [1, 2],
      }),
    });
    expect(res.json().payload).toMatchObject({
      role: 'regional-director',
      entity_type: 'region',
      entities_ids: [1, 2],
    });
    const tech = await call(app, 'PUT', `/api/users/${created.id}`, {
      as: 'admin',
      payload: user({ email: 'switch@example.com', role: 'technician' }),
    });
    expect(tech.json().payload).toMatchObject({ role: 'technician', entity_type: null, entities_ids: [] });
  });

  it('answers "has already been taken" when taking another user e-mail, but keeps the own one', async () => {
    const res = await call(app, 'PUT', '/api/users/5', { as: 'admin', payload: user({ email: 'tech@example.com' }) });
    expect(res.json().errors).toEqual({ email: ['has already been taken'] });
    const own = await call(app, 'PUT', '/api/users/5', {
      as: 'admin',
      payload: user({ email: 'STORE@example.com', name: 'Maria Svensson', password: undefined }),
    });
    expect(own.statusCode).toBe(200);
  });

  it('keeps a chain-admin to store managers and regional directors of its chains', async () => {
    const ok = await call(app, 'PUT', '/api/users/4', {
      as: 'chainAdmin',
      payload: user({
        email: 'director@example.com',
        name: 'Johan N',
        role: 'regional-director',
        entity_type: 'region',
        entity_id: [1],
        password: '',
      }),
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (await call(app, 'PUT', '/api/users/9', { as: 'chainAdmin', payload: user({ email: 'store2@example.com' }) }))
        .statusCode,
    ).toBe(404);
    const refused = {
      self: [
        '/api/users/3',
        user({ email: 'chainadmin@example.com', role: 'chain-admin', entity_type: 'chain', entity_id: [1] }),
      ],
      promote: ['/api/users/4', user({ email: 'director@example.com', role: 'admin' })],
    } as const;
    for (const [what, [url, payload]] of Object.entries(refused)) {
      expect((await call(app, 'PUT', url, { as: 'chainAdmin', payload })).statusCode, what).toBe(403);
    }
  });

  it('does not let an admin change its own role', async () => {
    const res = await call(app, 'PUT', '/api/users/2', {
      as: 'admin',
      payload: user({ email: 'admin@example.com', name: 'Anders Berg', role: 'technician', password: '' }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ role: ['cannot be changed for your own account'] });
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes a user and revokes their tokens', async () => {
    const created = (
      await call(app, 'POST', '/api/users', { as: 'admin', payload: user({ email: 'gone@example.com' }) })
    ).json().payload;
    const token = (await login('gone@example.com', 'secret123')).json().payload.access_token;
    const res = await call(app, 'DELETE', `/api/users/${created.id}`, { as: 'chainAdmin' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully.', payload: null });
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(401);
    expect((await call(app, 'GET', `/api/users/${created.id}`, { as: 'admin' })).statusCode).toBe(404);
  });

  it('refuses to delete oneself, users outside the scope, and chain-admins for a chain-admin', async () => {
    const self = await call(app, 'DELETE', '/api/users/2', { as: 'admin' });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account.' });
    expect((await call(app, 'DELETE', '/api/users/9', { as: 'chainAdmin' })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', '/api/users/3', { as: 'chainAdmin' })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', '/api/users/5', { as: 'store' })).statusCode).toBe(403);
  });
});

describe('super-admins', () => {
  const superAdminId = async () =>
    (await app.database.pool.query<{ id: number }>(`select id from users where email = 'superadmin@example.com'`))
      .rows[0].id;

  it('only a super-admin may change, reset or delete a super-admin', async () => {
    const id = await superAdminId();
    const body = user({
      email: 'superadmin@example.com',
      role: 'super-admin',
      name: 'Taken Over',
      password: 'hijacked-1',
    });
    const edit = await call(app, 'PUT', `/api/users/${id}`, { as: 'admin', lang: 'sv', payload: body });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ message: 'Otillåten åtgärd.' });
    expect((await call(app, 'DELETE', `/api/users/${id}`, { as: 'admin' })).statusCode).toBe(403);
    // Nothing changed: the super-admin still signs in with its own password.
    expect((await login('superadmin@example.com', 'hijacked-1')).statusCode).toBe(401);
    expect((await login('superadmin@example.com', 'demo1234')).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/users/${id}`, { as: 'admin' })).json().payload.name).not.toBe('Taken Over');
  });

  it('an admin cannot make anyone a super-admin; a super-admin can', async () => {
    const promote = user({ email: 'promoted@example.com', role: 'super-admin' });
    expect((await call(app, 'POST', '/api/users', { as: 'admin', payload: promote })).statusCode).toBe(403);
    const created = await call(app, 'POST', '/api/users', { as: 'superAdmin', payload: promote });
    expect(created.statusCode).toBe(201);
    const id = created.json().payload.id;
    const renamed = await call(app, 'PUT', `/api/users/${id}`, {
      as: 'superAdmin',
      payload: { ...promote, name: 'Renamed', password: 'a-new-secret' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/api/users/${id}`, { as: 'superAdmin' })).statusCode).toBe(200);
  });
});

describe('entities_data', () => {
  it('names only the stores a chain-admin may see of a user bound across chains', async () => {
    const { rows } = await app.database.pool.query<{ id: number; chain_id: number; store_name: string }>(
      `select distinct on (chain_id) id, chain_id, store_name from stores where chain_id in (1, 2) order by chain_id, id`,
    );
    const [own, foreign] = rows;
    const created = await call(app, 'POST', '/api/users', {
      as: 'superAdmin',
      payload: user({ email: 'shared@example.com', entity_id: [own.id, foreign.id] }),
    });
    expect(created.json().payload.entities_data).toHaveLength(2);
    const id = created.json().payload.id;
    const visible = [{ id: own.id, store_name: own.store_name, chain_id: 1, region_id: expect.anything() }];

    const detail = (await call(app, 'GET', `/api/users/${id}`, { as: 'chainAdmin' })).json().payload;
    expect(detail.entities_data).toEqual(visible);
    expect(detail.entities_ids).toEqual([own.id]);
    const list = await call(app, 'GET', '/api/users', { as: 'chainAdmin', query: { q: 'shared@example.com' } });
    expect(list.json().payload.data[0].entities_data).toEqual(visible);
    expect(JSON.stringify(list.json())).not.toContain(foreign.store_name);
    // The other chain's admin sees only its part; an admin sees both.
    const other = (await call(app, 'GET', `/api/users/${id}`, { as: 'chainAdmin2' })).json().payload;
    expect(other.entities_data.map((e: { id: number }) => e.id)).toEqual([foreign.id]);
    const admin = (await call(app, 'GET', `/api/users/${id}`, { as: 'admin' })).json().payload;
    expect(admin.entities_ids).toEqual([own.id, foreign.id]);
  });
});
