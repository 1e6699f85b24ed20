import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

describe('order statuses', () => {
  it('lists the five built-in statuses first for dropdowns, labelled in the caller language', async () => {
    const all = (await call(app, 'GET', '/api/orderstatus/all', { as: 'tech', lang: 'sv' })).json().payload;
    expect(all.data.map((s: { slug: string }) => s.slug)).toEqual([
      'pending',
      'planned',
      'confirmed',
      'revisit-required',
      'completed',
    ]);
    expect(all.data[3]).toMatchObject({ title: 'Revisit required', label: 'Återbesök krävs', builtin: true });
    const page = (await call(app, 'GET', '/api/orderstatus', { as: 'store', query: { q: 'plan', limit: 10 } })).json()
      .payload;
    expect(page).toMatchObject({ total: 1, per_page: 10 });
  });

  it('lets the super-admin add a status with a slug derived from the title, rename and delete it', async () => {
    const created = await call(app, 'POST', '/api/orderstatus', {
      as: 'superAdmin',
      payload: { title: 'Väntar på delar' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().payload).toMatchObject({ slug: 'väntar-på-delar', builtin: false, label: 'Väntar på delar' });
    const id = created.json().payload.id;
    const renamed = await call(app, 'PUT', `/api/orderstatus/${id}`, {
      as: 'superAdmin',
      payload: { title: 'Awaiting parts', slug: '' },
    });
    expect(renamed.json().payload.slug).toBe('awaiting-parts');
    const dup = await call(app, 'POST', '/api/orderstatus', { as: 'superAdmin', payload: { title: 'Awaiting parts' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual({ title: ['has already been taken'], slug: ['has already been taken'] });
    expect((await call(app, 'DELETE', `/api/orderstatus/${id}`, { as: 'superAdmin' })).json().message).toBe(
      'Order status deleted successfully.',
    );
  });

  it('keeps the built-in statuses: slug fixed, never deleted; a used status cannot be deleted', async () => {
    const slug = await call(app, 'PUT', '/api/orderstatus/2', {
      as: 'superAdmin',
      payload: { title: 'Scheduled', slug: 'scheduled' },
    });
    expect(slug.statusCode).toBe(422);
    expect(slug.json().errors).toEqual({ slug: ['The slug of a built-in status cannot be changed.'] });
    const title = await call(app, 'PUT', '/api/orderstatus/2', {
      as: 'superAdmin',
      payload: { title: 'Scheduled', slug: 'planned' },
    });
    expect(title.json().payload).toMatchObject({ title: 'Scheduled', slug: 'planned' });
    expect((await call(app, 'DELETE', '/api/orderstatus/1', { as: 'superAdmin' })).statusCode).toBe(409);
    const custom = (
      await call(app, 'POST', '/api/orderstatus', { as: 'superAdmin', payload: { title: 'On hold' } })
    ).json().payload;
    await call(app, 'PUT', '/api/orders/1', { as: 'admin', payload: { status: 'on-hold' } });
    const used = await call(app, 'DELETE', `/api/orderstatus/${custom.id}`, { as: 'superAdmin' });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe('This status is used by 1 order(s) and cannot be deleted.');
  });

  it('answers 422 for an empty title, 404 for an unknown id, 403 for other roles', async () => {
    const empty = await call(app, 'POST', '/api/orderstatus', { as: 'superAdmin', payload: { title: '' } });
    expect(empty.json().errors).toMatchObject({ title: ['is required'] });
    expect((await call(app, 'GET', '/api/orderstatus/999', { as: 'admin' })).json()).toEqual({
      message: 'Order status not found.',
    });
    expect((await call(app, 'POST', '/api/orderstatus', { as: 'admin', payload: { title: 'X' } })).statusCode).toBe(
      403,
    );
  });
});
