import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

/** A new work type, as the super-admin makes it. */
const create = (title: string, translations?: { locale: string; title: string }[]) =>
  call(app, 'POST', '/api/worktypes', { as: 'superAdmin', payload: { title, translations } });

describe('work types', () => {
  it('lists work types for every role, titled in the caller language with all translations', async () => {
    const en = (
      await call(app, 'GET', '/api/worktypes', { as: 'store', query: { sort_by: 'id', sort_order: 'asc' } })
    ).json().payload;
    expect(en.total).toBe(8);
    expect(en.data[2]).toMatchObject({ title: 'Refrigeration', slug: 'refrigeration' });
    expect(en.data[2].translations).toEqual([
      { locale: 'en', title: 'Refrigeration' },
      { locale: 'fi', title: 'Kylmälaitteet' },
      { locale: 'sv', title: 'Kyla' },
    ]);
    const sv = (await call(app, 'GET', '/api/worktypes/3', { as: 'tech', lang: 'sv' })).json().payload;
    expect(sv.title).toBe('Kyla');
    const fi = (await call(app, 'GET', '/api/worktypes', { as: 'tech', query: { lang: 'fi', all: 'true' } })).json()
      .payload;
    expect(fi.data.map((w: { title: string }) => w.title)).toContain('Kylmälaitteet');
    expect(fi.per_page).toBe(1000);
  });

  it('searches titles in every language and sorts by title', async () => {
    const res = (await call(app, 'GET', '/api/worktypes', { as: 'admin', query: { q: 'kylm' } })).json().payload;
    expect(res.data.map((w: { slug: string }) => w.slug)).toEqual(['refrigeration']);
    const sorted = (
      await call(app, 'GET', '/api/worktypes', { as: 'admin', query: { sort_by: 'title', sort_order: 'asc' } })
    )
      .json()
      .payload.data.map((w: { title: string }) => w.title);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b)));
    expect((await call(app, 'GET', '/api/worktypes', { as: 'admin', query: { sort_by: 'x' } })).statusCode).toBe(422);
  });

  it('lets the super-admin create, update and delete a work type, falling back to English', async () => {
    const created = await create('Fire safety', [
      { locale: 'sv', title: 'Brandskydd' },
      { locale: 'fi', title: '' },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Work type created successfully.',
      payload: { slug: 'fire-safety' },
    });
    const id = created.json().payload.id;
    expect((await call(app, 'GET', `/api/worktypes/${id}`, { as: 'store', lang: 'fi' })).json().payload.title).toBe(
      'Fire safety',
    );
    expect((await call(app, 'GET', `/api/worktypes/${id}`, { as: 'store', lang: 'sv' })).json().payload.title).toBe(
      'Brandskydd',
    );
    const updated = await call(app, 'PUT', `/api/worktypes/${id}`, {
      as: 'superAdmin',
      lang: 'sv',
      payload: { title: 'Fire and safety', translations: [{ locale: 'fi', title: 'Paloturvallisuus' }] },
    });
    expect(updated.json()).toMatchObject({
      message: 'Arbetstypen har uppdaterats.',
      payload: { slug: 'fire-and-safety', title: 'Fire and safety' },
    });
    expect((await call(app, 'DELETE', `/api/worktypes/${id}`, { as: 'superAdmin' })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/worktypes/${id}`, { as: 'superAdmin' })).statusCode).toBe(404);
  });

  it('answers 422 for a missing or taken title and a repeated locale', async () => {
    const empty = await create(' ');
    expect(empty.json().errors).toEqual({ title: ['is required'] });
    const taken = await create('Electrical');
    expect(taken.json().errors).toEqual({ title: ['has already been taken'] });
    const twice = await create('Painting', [
      { locale: 'sv', title: 'Målning' },
      { locale: 'sv', title: 'Måleri' },
    ]);
    expect(twice.json().errors).toEqual({ 'translations.1.locale': ['has already been taken'] });
  });

  it('refuses to delete a work type used by orders (409) and other roles (403)', async () => {
    const res = await call(app, 'DELETE', '/api/worktypes/1', { as: 'superAdmin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This work type is used by \d+ order\(s\) and cannot be deleted\.$/);
    expect((await call(app, 'POST', '/api/worktypes', { as: 'admin', payload: { title: 'X' } })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/worktypes')).statusCode).toBe(401);
  });
});
