import { describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, tokenFor } from '../../test/app.ts';

const app = await createTestApp();

const login = (email: string, password: string, lang?: 'en' | 'sv' | 'fi', ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: lang ? { lang } : {},
    remoteAddress: ip,
  });

describe('POST /api/auth/login', () => {
  it('signs a demo user in and answers the token, its expiry and the user', async () => {
    const res = await login(DEMO.store, 'demo1234');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.payload.token_type).toBe('Bearer');
    expect(body.payload.access_token).toMatch(/^[\w-]{40,}$/);
    expect(new Date(body.payload.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    expect(body.payload.user).toMatchObject({
      email: DEMO.store,
      role: 'store-manager',
      entity_type: 'store',
      entities_data: [{ store_name: 'Norrgården Södermalm' }],
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('answers an unknown e-mail and a wrong password exactly alike, localized', async () => {
    const unknown = await login('nobody@example.com', 'demo1234', 'sv', '10.0.0.2');
    const wrong = await login(DEMO.admin, 'wrong-password', 'sv', '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(wrong.json().message).toBe('Felaktigt användarnamn eller lösenord.');
    expect((await login(DEMO.admin, 'x', 'fi', '10.0.0.2')).json().message).toBe(
      'Virheellinen käyttäjätunnus tai salasana.',
    );
  });

  it('answers 422 per missing field, in the caller language', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, headers: { lang: 'sv' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['är obligatoriskt'], password: ['är obligatoriskt'] });
    const en = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.se' } });
    expect(en.json()).toEqual({ message: 'password: is required', errors: { password: ['is required'] } });
  });
});

describe('sessions', () => {
  it('answers 401 Unauthenticated without a token, with an unknown one, and after logout', async () => {
    expect((await call(app, 'GET', '/api/profile')).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await call(app, 'GET', '/api/profile', { token: 'made-up' })).statusCode).toBe(401);
    const token = (await login(DEMO.director, 'demo1234')).json().payload.access_token;
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { token })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(401);
  });

  it('refuses an expired token', async () => {
    const token = (await login(DEMO.chainAdmin, 'demo1234')).json().payload.access_token;
    await app.database.pool.query(`update access_tokens set expires_at = now() - interval '1 second'`);
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(401);
  });

  it('refuses a session token in a URL, and a download token in a header', async () => {
    const token = (await login(DEMO.admin, 'demo1234')).json().payload.access_token;
    expect((await app.inject({ method: 'GET', url: `/api/profile?access_token=${token}` })).statusCode).toBe(401);
    const dl = await call(app, 'POST', '/api/auth/download-token', { token });
    expect(dl.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/profile', { token: dl.json().payload.token })).statusCode).toBe(401);
  });
});

describe('reads signed in from memory', () => {
  const list = (token: string, query?: Record<string, string>) => call(app, 'GET', '/api/orders', { token, query });
  const pool = app.database.pool;
  const listening = async () => {
    if (!app.database.embedded) await expect.poll(() => app.signIns.live).toBe(true);
  };

  it('on PostgreSQL asks the database for a session only once in a while; the embedded database every time', async () => {
    await listening();
    const token = (await login(DEMO.chainAdmin, 'demo1234', undefined, '10.5.0.1')).json().payload.access_token;
    const signIns: string[] = [];
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    // Passes every query on, noting the sign-in's.
    Object.assign(pool, {
      query: (...args: unknown[]) => {
        const config = args[0] as { name?: string };
        if (config?.name === 'auth-token') signIns.push(config.name);
        return query(...args);
      },
    });
    const read = { all: true };
    try {
      for (let i = 0; i < 3; i++) expect((await list(token)).json().payload.total).toBeGreaterThan(0);
      expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(200);
      expect((await call(app, 'POST', '/api/notifications/read', { token, payload: read })).statusCode).toBe(204);
    } finally {
      Object.assign(pool, { query });
    }
    // Every read but the first from memory; a write always asks.
    expect(signIns).toHaveLength(app.database.embedded ? 5 : 2);
  });

  it('answers 401 at once when the session has ended', async () => {
    await listening();
    const token = (await login(DEMO.store, 'demo1234', undefined, '10.5.0.2')).json().payload.access_token;
    expect((await list(token)).statusCode).toBe(200);
    expect((await list(token, { approval_status: 'maybe' })).statusCode).toBe(422);
    expect((await call(app, 'POST', '/api/auth/logout', { token })).statusCode).toBe(204);
    expect((await list(token)).json()).toEqual({ message: 'Unauthenticated.' });
    expect((await list(token, { approval_status: 'maybe' })).statusCode).toBe(401);
  });

  it('forgets a session changed in the database by hand within moments', async () => {
    await listening();
    const token = (await login(DEMO.store, 'demo1234', undefined, '10.5.0.2')).json().payload.access_token;
    expect((await list(token)).statusCode).toBe(200);
    await pool.query(
      `update access_tokens set expires_at = now() - interval '1 second' where user_id = (select id from users where email = $1)`,
      [DEMO.store],
    );
    await expect.poll(async () => (await list(token)).statusCode, { timeout: 2_000 }).toBe(401);
  });

  it("follows a change of the user's stores made in the database by hand", async () => {
    await listening();
    const token = (await login(DEMO.store2, 'demo1234', undefined, '10.5.0.3')).json().payload.access_token;
    const storeNames = async () => [
      ...new Set(
        ((await list(token)).json().payload.data as { store: { store_name: string } }[]).map((o) => o.store.store_name),
      ),
    ];
    const before = await storeNames();
    expect(before).toHaveLength(1);
    const { rows } = await pool.query<{ user_id: number; store_id: number; other: number; other_name: string }>(
      `select us.user_id, us.store_id, s.id as other, s.store_name as other_name from user_stores us
       join users u on u.id = us.user_id, stores s
       where u.email = $1 and s.id <> us.store_id and exists (select 1 from orders o where o.store_id = s.id)
       order by s.id limit 1`,
      [DEMO.store2],
    );
    const { user_id, store_id, other, other_name } = rows[0];
    await pool.query('update user_stores set store_id = $1 where user_id = $2', [other, user_id]);
    try {
      await expect.poll(storeNames, { timeout: 2_000 }).toEqual([other_name]);
    } finally {
      await pool.query('update user_stores set store_id = $1 where user_id = $2', [store_id, user_id]);
    }
    await expect.poll(storeNames, { timeout: 2_000 }).toEqual(before);
  });
});

describe('download tokens', () => {
  const openPdf = async (downloadToken: string) => {
    const { rows } = await app.database.pool.query<{ id: number }>('select min(id) as id from orders');
    return app.inject({ method: 'GET', url: `/api/orders/generatePdf/${rows[0].id}?access_token=${downloadToken}` });
  };
  const downloadToken = async (token: string) =>
    (await call(app, 'POST', '/api/auth/download-token', { token })).json().payload.token as string;

  it('end with the session that asked for them at logout', async () => {
    const session = (await login(DEMO.admin, 'demo1234', undefined, '10.4.0.1')).json().payload.access_token;
    const other = (await login(DEMO.admin, 'demo1234', undefined, '10.4.0.1')).json().payload.access_token;
    const mine = await downloadToken(session);
    const theirs = await downloadToken(other);
    expect((await openPdf(mine)).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { token: session })).statusCode).toBe(204);
    expect((await openPdf(mine)).statusCode).toBe(401);
    // The user's other session and its links go on.
    expect((await openPdf(theirs)).statusCode).toBe(200);
  });

  it('all end with a password change, the current session included', async () => {
    const session = (await login(DEMO.tech2, 'demo1234', undefined, '10.4.0.2')).json().payload.access_token;
    const other = (await login(DEMO.tech2, 'demo1234', undefined, '10.4.0.2')).json().payload.access_token;
    const mine = await downloadToken(session);
    const theirs = await downloadToken(other);
    const res = await call(app, 'POST', '/api/profile', {
      token: session,
      payload: { current_password: 'demo1234', new_password: 'another-secret', confirm_password: 'another-secret' },
    });
    expect(res.statusCode).toBe(200);
    expect((await openPdf(mine)).statusCode).toBe(401);
    expect((await openPdf(theirs)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/profile', { token: session })).statusCode).toBe(200);
  });

  it('cannot ask for another download token', async () => {
    const token = await downloadToken(await tokenFor(app, 'admin'));
    const res = await app.inject({ method: 'POST', url: `/api/auth/download-token?access_token=${token}` });
    expect(res.statusCode).toBe(401);
  });
});

describe('profile', () => {
  it('answers the signed-in user with a localized role label', async () => {
    const res = await call(app, 'GET', '/api/profile', { as: 'tech', lang: 'fi' });
    expect(res.json().payload).toMatchObject({
      email: DEMO.tech,
      role: 'technician',
      role_label: 'Huoltoteknikko',
      entity_type: null,
    });
  });

  it('updates name and phone but never the e-mail or role', async () => {
    const res = await call(app, 'POST', '/api/profile', {
      as: 'store2',
      payload: { name: 'Liisa K.', phone_no: '0401234567', email: 'evil@example.com', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({
      name: 'Liisa K.',
      phone_no: '0401234567',
      email: DEMO.store2,
      role: 'store-manager',
    });
  });

  it('answers 422 for a missing name or phone', async () => {
    const res = await call(app, 'POST', '/api/profile', { as: 'store2', payload: { name: '', phone_no: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['is required'], phone_no: ['is required'] });
  });

  it('refuses a password change without the right current password, localized', async () => {
    const missing = await call(app, 'POST', '/api/profile', {
      as: 'chainAdmin2',
      payload: { new_password: 'new-secret-1', confirm_password: 'new-secret-1' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: ['is required'] });
    const wrong = await call(app, 'POST', '/api/profile', {
      as: 'chainAdmin2',
      lang: 'fi',
      payload: { current_password: 'demo12345', new_password: 'new-secret-1', confirm_password: 'new-secret-1' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      message: 'current_password: ei ole nykyinen salasanasi',
      errors: { current_password: ['ei ole nykyinen salasanasi'] },
    });
    expect((await login(DEMO.chainAdmin2, 'demo1234', undefined, '10.3.0.1')).statusCode).toBe(200);
  });

  it('checks the new password: 8 to 128 characters, not the e-mail address, and confirmed', async () => {
    const change = (payload: Record<string, string>, lang: 'en' | 'sv' | 'fi' = 'en') =>
      call(app, 'POST', '/api/profile', {
        as: 'chainAdmin2',
        lang,
        payload: { current_password: 'demo1234', ...payload },
      });
    const short = await change({ new_password: 'abcdefg', confirm_password: 'abcdefg' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toEqual(['must be at least 8 characters']);
    const long = 'x'.repeat(129);
    expect((await change({ new_password: long, confirm_password: long }, 'sv')).json().errors.new_password).toEqual([
      'får vara högst 128 tecken',
    ]);
    const email = DEMO.chainAdmin2.toUpperCase();
    const asEmail = await change({ new_password: email, confirm_password: email }, 'fi');
    expect(asEmail.statusCode).toBe(422);
    expect(asEmail.json().errors).toEqual({ new_password: ['ei saa olla sama kuin sähköpostiosoite'] });
    const mismatch = await change({ new_password: 'abcdefgh', confirm_password: 'abcdefgi' }, 'sv');
    expect(mismatch.json().errors.confirm_password).toEqual(['matchar inte det nya lösenordet']);
    // Nothing of the refused attempts stuck.
    expect((await login(DEMO.chainAdmin2, 'demo1234', undefined, '10.3.0.2')).statusCode).toBe(200);
  });

  it('a password change signs out the other sessions but keeps this one', async () => {
    const other = (await login(DEMO.store2, 'demo1234', undefined, '10.2.0.1')).json().payload.access_token;
    const current = await tokenFor(app, 'store2');
    // The list remembers the other session's sign-in; the change through this instance ends it at once.
    expect((await call(app, 'GET', '/api/orders', { token: other })).statusCode).toBe(200);
    const res = await call(app, 'POST', '/api/profile', {
      token: current,
      payload: { current_password: 'demo1234', new_password: 'new-secret-1', confirm_password: 'new-secret-1' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/orders', { token: other })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/profile', { token: other })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/profile', { token: current })).statusCode).toBe(200);
    expect((await login(DEMO.store2, 'demo1234', undefined, '10.2.0.2')).statusCode).toBe(401);
    expect((await login(DEMO.store2, 'new-secret-1', undefined, '10.2.0.3')).statusCode).toBe(200);
  });
});

describe('the API edge', () => {
  it('answers JSON 404 for an unknown /api path, in the caller language', async () => {
    const res = await call(app, 'GET', '/api/no-such-thing', { lang: 'sv' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Den begärda adressen finns inte.' });
  });

  it('answers health with the database kind', async () => {
    const res = await call(app, 'GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('serves the OpenAPI document', async () => {
    const res = await call(app, 'GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });
});
