import { describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO } from '../../test/app.ts';

/* A user who signs in on a browser with no language chosen gets the language they last used. */
const app = await createTestApp();

const signIn = (lang?: 'en' | 'sv' | 'fi') =>
  call(app, 'POST', '/api/auth/login', { payload: { email: DEMO.store, password: 'demo1234' }, lang });

describe('the language a user last used', () => {
  it('is the one chosen in the app, kept by a sign-in that names none', async () => {
    const set = await call(app, 'PUT', '/api/profile/language', { as: 'store', payload: { language: 'fi' } });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: null, payload: { language: 'fi' } });
    const fresh = await signIn();
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().payload.user.language).toBe('fi');
    expect((await call(app, 'GET', '/api/profile', { as: 'store' })).json().payload.language).toBe('fi');
  });

  it('is the one a sign-in names in its lang header', async () => {
    expect((await signIn('sv')).json().payload.user.language).toBe('sv');
    expect((await signIn()).json().payload.user.language).toBe('sv');
  });

  it('answers 401 without a session and 422 per field for a language the app does not have', async () => {
    expect((await call(app, 'PUT', '/api/profile/language', { payload: { language: 'sv' } })).statusCode).toBe(401);
    for (const [language, message] of [
      ['de', 'är ogiltigt'],
      [undefined, 'är obligatoriskt'],
    ] as const) {
      const res = await call(app, 'PUT', '/api/profile/language', { as: 'tech', payload: { language }, lang: 'sv' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ language: [message] });
    }
  });
});
