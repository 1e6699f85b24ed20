import { ROLES } from '@wop/shared/roles';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

describe('roles', () => {
  it('lists roles for admins and chain-admins, and refuses others with 403', async () => {
    const res = await call(app, 'GET', '/api/roles', { as: 'chainAdmin', query: { sort_by: 'id', sort_order: 'asc' } });
    // The six built-in roles, in the order of the permission table.
    expect(res.json().payload.data.map((r: { slug: string }) => r.slug)).toEqual([...ROLES]);
    expect((await call(app, 'GET', '/api/roles', { as: 'director' })).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/roles', { as: 'admin', payload: { title: 'X' } })).statusCode).toBe(403);
  });

  it('derives the slug from the title: lower case, spaces to hyphens, non-word characters removed', async () => {
    const res = await call(app, 'POST', '/api/roles', { as: 'superAdmin', payload: { title: 'Night Shift Lead!' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Role created successfully.',
      payload: { title: 'Night Shift Lead!', slug: 'night-shift-lead' },
    });
  });

  it('answers 422 "is required" for a missing title, and "has already been taken" on title and slug', async () => {
    expect((await call(app, 'POST', '/api/roles', { as: 'superAdmin', payload: {} })).json().errors).toEqual({
      title: ['is required'],
    });
    const taken = await call(app, 'POST', '/api/roles', { as: 'superAdmin', payload: { title: 'Admin' } });
    expect(taken.json().errors).toEqual({ title: ['has already been taken'], slug: ['has already been taken'] });
  });

  it('never re-slugs or deletes a built-in role', async () => {
    const reslug = await call(app, 'PUT', '/api/roles/2', {
      as: 'superAdmin',
      payload: { title: 'Admin', slug: 'boss' },
    });
    expect(reslug.statusCode).toBe(422);
    expect(reslug.json().errors).toEqual({ slug: ['The slug of a built-in role cannot be changed.'] });
    const retitle = await call(app, 'PUT', '/api/roles/2', {
      as: 'superAdmin',
      payload: { title: 'Administrator', slug: 'admin' },
    });
    expect(retitle.statusCode).toBe(200);
    const del = await call(app, 'DELETE', '/api/roles/2', { as: 'superAdmin' });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ message: 'Built-in roles cannot be deleted.' });
  });

  it('answers 409 when deleting a role still held by users, and deletes it once free', async () => {
    const role = (await call(app, 'POST', '/api/roles', { as: 'superAdmin', payload: { title: 'Auditor' } })).json()
      .payload;
    const holder = await call(app, 'POST', '/api/users', {
      as: 'admin',
      payload: {
        name: 'Aud Itor',
        email: 'auditor@example.com',
        phone_no: '0701010101',
        password: 'secret123',
        role: 'auditor',
      },
    });
    expect(holder.statusCode).toBe(201);
    expect(holder.json().payload).toMatchObject({ role: 'auditor', entity_type: null });
    const res = await call(app, 'DELETE', `/api/roles/${role.id}`, { as: 'superAdmin' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This role is held by 1 user(s). Give them another role first.' });
    await call(app, 'DELETE', `/api/users/${holder.json().payload.id}`, { as: 'admin' });
    const ok = await call(app, 'DELETE', `/api/roles/${role.id}`, { as: 'superAdmin' });
    expect(ok.json()).toEqual({ message: 'Role deleted successfully.', payload: null });
  });
});
