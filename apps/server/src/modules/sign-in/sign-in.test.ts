// Sign-in through a chain's own identity provider, against a real OpenID Connect provider
// (oidc-provider) started here: the whole flow, and every way its answer must be refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO } from '../../test/app.ts';
import {
  type IdTokenChange,
  signInAtProvider,
  startTestProvider,
  type TestProvider,
} from '../../test/oidc-provider.ts';
import {
  completeSignIn,
  providerReturn as returnThrough,
  signInCookie,
  browserSignIn as signInThrough,
} from '../../test/provider-sign-in.ts';

const PUBLIC_URL = 'http://portal.test';
const app = await createTestApp({ PUBLIC_URL, OIDC_ALLOW_PRIVATE: 'true' });
let provider: TestProvider;

const settings = (overrides: Record<string, unknown> = {}) => ({
  issuer: provider.issuer,
  client_id: provider.clientId,
  client_secret: provider.clientSecret,
  email_domains: ['example.com'],
  ...overrides,
});

beforeAll(async () => {
  provider = await startTestProvider(`${PUBLIC_URL}/api/auth/provider/callback`);
  // The chain-admin of chain 1 (Norrgården) sets the provider up on its chain's page.
  const res = await call(app, 'PUT', '/api/chains/1', { as: 'chainAdmin', payload: { oidc: settings() } });
  expect(res.statusCode).toBe(200);
});
afterAll(() => provider?.close());

const browserSignIn = (email: string, options: Parameters<typeof signInThrough>[3] = {}) =>
  signInThrough(app, provider, email, options);
const providerReturn = (callbackUrl: string, cookie: string) => returnThrough(app, callbackUrl, cookie);
const complete = (signIn: string, cookie: string, lang?: 'en' | 'sv' | 'fi') =>
  completeSignIn(app, signIn, cookie, lang);

describe('the sign-in page’s first step', () => {
  const method = async (email: string) =>
    (await call(app, 'POST', '/api/auth/sign-in-method', { payload: { email } })).json().payload;

  it('sends a user of the chain to its provider, and everyone else to the password', async () => {
    expect(await method(DEMO.store)).toEqual({
      method: 'provider',
      chain_name: 'Norrgården Livs',
      password_sign_in: true,
    });
    expect(await method(' Director@Example.com ')).toMatchObject({ method: 'provider' });
    // Admins and another chain's users keep their passwords, though their addresses are in the domain.
    expect(await method(DEMO.admin)).toMatchObject({ method: 'password', chain_name: null });
    expect(await method(DEMO.superAdmin)).toMatchObject({ method: 'password' });
    expect(await method(DEMO.store2)).toMatchObject({ method: 'password' });
    expect(await method('someone@elsewhere.org')).toMatchObject({ method: 'password' });
  });

  it('answers an unknown address in the domain like a user’s, so that it tells nobody who has an account', async () => {
    expect(await method('nobody@example.com')).toEqual(await method(DEMO.store));
  });

  it('refuses to start a provider sign-in for an address that signs in with a password', async () => {
    const res = await call(app, 'POST', '/api/auth/provider/start', { payload: { email: DEMO.admin }, lang: 'sv' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['loggar inte in via en kedjas egen inloggning'] });
  });
});

describe('the whole flow', () => {
  it('signs a store manager in through the provider, with PKCE, state, nonce and the e-mail as a hint', async () => {
    const { start, landing, done } = await browserSignIn(DEMO.store, { lang: 'sv' });
    const authorization = new URL(start.json().payload.authorization_url);
    expect(authorization.origin).toBe(provider.issuer);
    expect(Object.fromEntries(authorization.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: `${PUBLIC_URL}/api/auth/provider/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      login_hint: DEMO.store,
    });
    for (const param of ['state', 'nonce', 'code_challenge'])
      expect(authorization.searchParams.get(param)).toMatch(/^[\w-]{32,}$/);
    // The cookie that binds the sign-in to this browser is out of reach of scripts.
    expect(String(start.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
    // Back on the Swedish sign-in page, signed in as the store manager, for as long as a password session.
    expect(landing.pathname).toBe('/se/login');
    expect(done.statusCode).toBe(200);
    const answer = done.json();
    expect(answer.message).toBe('Du är inloggad.');
    expect(answer.payload.user).toMatchObject({ email: DEMO.store, role: 'store-manager' });
    expect(new Date(answer.payload.expires_at).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    const token = answer.payload.access_token;
    expect((await call(app, 'GET', '/api/profile', { token })).json().payload.email).toBe(DEMO.store);
    // Signing out ends it like any other session.
    expect((await call(app, 'POST', '/api/auth/logout', { token })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/profile', { token })).statusCode).toBe(401);
  });

  it('never answers the secret, and stores it sealed', async () => {
    const chain = await call(app, 'GET', '/api/chains/1', { as: 'admin' });
    expect(chain.json().payload.oidc).toEqual({
      issuer: provider.issuer,
      client_id: provider.clientId,
      email_domains: ['example.com'],
      client_secret_set: true,
      users_outside_domains: 0,
    });
    const list = await call(app, 'GET', '/api/chains', { as: 'chainAdmin' });
    for (const body of [chain.body, list.body]) expect(body).not.toContain(provider.clientSecret);
    const { rows } = await app.database.pool.query<{ sealed: string }>(
      'select client_secret_sealed as sealed from chain_sign_in_providers where chain_id = 1',
    );
    expect(rows[0].sealed).toMatch(/^v1\./);
    expect(rows[0].sealed).not.toContain(provider.clientSecret);
  });
});

describe('an answer that must be refused', () => {
  const refused = async (change: IdTokenChange) => {
    const { done } = await browserSignIn(DEMO.director, { change });
    expect(done.statusCode, JSON.stringify(change)).toBe(401);
    return done.json().message;
  };
  const notVerified =
    'The sign-in of Norrgården Livs answered, but its answer could not be verified. Try again; if it keeps happening, tell your IT department.';

  it('refuses an ID token from another issuer, for another client, or with a signature that does not hold', async () => {
    expect(await refused({ claims: { iss: 'https://login.attacker.example' } })).toBe(notVerified);
    expect(await refused({ claims: { aud: 'another-client' } })).toBe(notVerified);
    expect(await refused({ badSignature: true })).toBe(notVerified);
  });

  it('refuses an expired ID token and one with another nonce', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    expect(await refused({ claims: { iat: past - 600, exp: past } })).toBe(notVerified);
    expect(await refused({ claims: { nonce: 'from-another-sign-in' } })).toBe(notVerified);
  });

  it('refuses a return replayed, with a state it never gave, or brought to another browser', async () => {
    const { callbackUrl, cookie, done, landing } = await browserSignIn(DEMO.director);
    expect(done.statusCode).toBe(200);
    const expired = 'This sign-in has expired or was already used. Please sign in again.';
    // The same return again, and the same code on the sign-in page again.
    const again = await providerReturn(callbackUrl, cookie);
    expect((await complete(again.searchParams.get('sign_in') ?? '', cookie)).json().message).toBe(expired);
    expect((await complete(landing.searchParams.get('sign_in') ?? '', cookie)).json().message).toBe(expired);
    // A state of nobody's.
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'made-up-state-value-made-up-state-value');
    const lost = await providerReturn(forged.toString(), cookie);
    expect((await complete(lost.searchParams.get('sign_in') ?? '', cookie, 'fi')).json().message).toBe(
      'Kirjautuminen on vanhentunut tai jo käytetty. Kirjaudu uudelleen.',
    );
    // A return someone else's browser started (a link passed on): nothing is redeemed.
    const start = await call(app, 'POST', '/api/auth/provider/start', { payload: { email: DEMO.director } });
    const theirs = await signInAtProvider(start.json().payload.authorization_url, DEMO.director);
    const mine = `wop_sign_in=${'b'.repeat(43)}`;
    const there = await providerReturn(theirs, mine);
    const answer = await complete(there.searchParams.get('sign_in') ?? '', mine);
    expect(answer.statusCode).toBe(401);
    expect(answer.json().message).toBe('This sign-in was started in another browser. Please sign in again here.');
    // And the code of the sign-in page does not work in the browser the provider sent it to either.
    const otherCookie = signInCookie(start.headers['set-cookie']);
    expect((await complete(there.searchParams.get('sign_in') ?? '', otherCookie)).statusCode).toBe(401);
  });

  it('refuses an address outside the chain’s domains, one without a user, and a user of another chain', async () => {
    const outside = await browserSignIn(DEMO.director, { atProvider: 'director@elsewhere.org' });
    expect(outside.done.json().message).toBe(
      'director@elsewhere.org is not an address that Norrgården Livs signs in with here. Use your work e-mail address.',
    );
    const nobody = await browserSignIn('nobody@example.com', { lang: 'sv' });
    expect(nobody.done.json().message).toBe(
      'Det finns inget konto för nobody@example.com hos Norrgården Livs. Be din administratör att skapa ett.',
    );
    const otherChain = await browserSignIn(DEMO.director, { atProvider: DEMO.store2 });
    expect(otherChain.done.json().message).toBe(
      `There is no account for ${DEMO.store2} at Norrgården Livs. Ask your administrator to create one.`,
    );
    const admin = await browserSignIn(DEMO.director, { atProvider: DEMO.admin });
    expect(admin.done.statusCode).toBe(401);
  });

  it('refuses an address the provider says it has not verified', async () => {
    provider.setExtraClaims('unverified@example.com', { email_verified: false });
    const { done } = await browserSignIn('unverified@example.com');
    expect(done.json().message).toBe(
      'The sign-in of Norrgården Livs has not verified the address unverified@example.com.',
    );
  });
});

describe('test the connection', () => {
  const test = (issuer: string, lang: 'en' | 'sv' | 'fi' = 'en') =>
    call(app, 'POST', '/api/chains/1/sign-in/test', { as: 'chainAdmin', payload: { issuer }, lang });

  it('says the provider answers, and where users will sign in', async () => {
    const res = await test(provider.issuer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `The provider answers and publishes its signing keys. Users will sign in at ${new URL(provider.issuer).host}.`,
      payload: { ok: true, issuer: provider.issuer, authorization_endpoint: `${provider.issuer}/auth` },
    });
  });

  it('says what is wrong, in the user’s language', async () => {
    const wrongPath = await test(`${provider.issuer}/tenant`, 'sv');
    expect(wrongPath.json()).toEqual({
      message: `Det finns inget OpenID Connect-konfigurationsdokument på ${provider.issuer}/tenant/.well-known/openid-configuration. Utfärdaren är adressen före /.well-known/openid-configuration.`,
      payload: { ok: false, issuer: null, authorization_endpoint: null },
    });
    const closed = await startTestProvider(`${PUBLIC_URL}/x`);
    await closed.close();
    expect((await test(closed.issuer, 'fi')).json().message).toBe(
      'Palvelu ei vastannut. Tarkista myöntäjän osoite tai yritä hetken kuluttua uudelleen.',
    );
    expect((await test('ftp://login.example.com')).json().errors).toEqual({
      issuer: ['must be an address such as https://login.example.com'],
    });
  });

  it('answers 404 for another chain and 403 for a regional director', async () => {
    const other = await call(app, 'POST', '/api/chains/2/sign-in/test', {
      as: 'chainAdmin',
      payload: { issuer: provider.issuer },
    });
    expect(other.statusCode).toBe(404);
    const director = await call(app, 'POST', '/api/chains/1/sign-in/test', {
      as: 'director',
      payload: { issuer: provider.issuer },
    });
    expect(director.statusCode).toBe(403);
  });
});

describe('the chain’s sign-in settings', () => {
  const put = (id: number, payload: unknown, as: 'chainAdmin' | 'chainAdmin2' | 'admin' = 'chainAdmin', lang?: 'sv') =>
    call(app, 'PUT', `/api/chains/${id}`, { as, payload, lang });

  it('lets a chain-admin change only the sign-in settings of its own chain', async () => {
    expect((await put(1, { chain_name: 'Renamed' })).statusCode).toBe(403);
    expect((await put(2, { oidc: null })).statusCode).toBe(404);
    expect((await call(app, 'PUT', '/api/chains/1', { as: 'director', payload: { oidc: null } })).statusCode).toBe(403);
    // An admin still updates the chain form alone, the provider untouched.
    const admin = await put(1, { phone: '0812345678' }, 'admin');
    expect(admin.json().payload).toMatchObject({ phone: '0812345678', oidc: { issuer: provider.issuer } });
  });

  it('answers 422 per field: the issuer, a missing secret, a domain another chain has, passwords off without a provider', async () => {
    const bad = await put(1, {
      oidc: settings({ issuer: 'not a url', email_domains: ['not a domain', '@Example.COM'] }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'oidc.issuer': ['must be an address such as https://login.example.com'],
      'oidc.email_domains.0': ['must be a domain name such as example.com'],
    });
    // The secret is needed for a new client, and kept when only the domains change.
    const otherClient = await put(1, { oidc: settings({ client_id: 'another', client_secret: '' }) });
    expect(otherClient.json().errors).toEqual({ 'oidc.client_secret': ['is required'] });
    const keep = await put(1, {
      oidc: settings({ client_secret: undefined, email_domains: ['example.com', 'norrgarden.se'] }),
    });
    expect(keep.json().payload.oidc.email_domains).toEqual(['example.com', 'norrgarden.se']);
    // Kotimarket cannot claim a domain Norrgården has.
    const taken = await put(
      2,
      { oidc: settings({ email_domains: ['kotimarket.fi', 'norrgarden.se'] }) },
      'chainAdmin2',
      'sv',
    );
    expect(taken.json().errors).toEqual({ 'oidc.email_domains.1': ['används redan av en annan kedjas inloggning'] });
    const noProvider = await put(2, { password_sign_in: false }, 'chainAdmin2');
    expect(noProvider.json().errors).toEqual({
      password_sign_in: ['can only be turned off when the chain has its own sign-in'],
    });
    // Nothing of the refused updates stuck.
    const chain2 = await call(app, 'GET', '/api/chains/2', { as: 'admin' });
    expect(chain2.json().payload).toMatchObject({ oidc: null, password_sign_in: true });
    // The secret kept still opens: a sign-in works.
    expect((await browserSignIn(DEMO.director)).done.statusCode).toBe(200);
  });

  it('an https issuer only, unless private providers are allowed', async () => {
    const strict = await createTestApp();
    const res = await call(strict, 'PUT', '/api/chains/1', { as: 'admin', payload: { oidc: settings() } });
    expect(res.json().errors).toEqual({ 'oidc.issuer': ['must be an https:// address'] });
    const local = await call(strict, 'POST', '/api/chains/1/sign-in/test', {
      as: 'admin',
      payload: { issuer: 'https://127.0.0.1:9' },
    });
    expect(local.json().message).toBe('The server reaches only providers at public addresses, over https.');
  });
});

describe('password sign-in turned off', () => {
  const login = (email: string, lang?: 'fi') =>
    call(app, 'POST', '/api/auth/login', { payload: { email, password: 'demo1234' }, lang });

  it('keeps the chain’s users to the provider, ends their password sessions, and leaves admins their passwords', async () => {
    const passwordSession = (await login(DEMO.store)).json().payload.access_token;
    const providerSession = (await browserSignIn(DEMO.store)).done.json().payload.access_token;
    const res = await call(app, 'PUT', '/api/chains/1', { as: 'admin', payload: { password_sign_in: false } });
    expect(res.json().payload.password_sign_in).toBe(false);

    const refused = await login(DEMO.store, 'fi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Norrgården Livs kirjaa sinut sisään työtililläsi: anna sähköpostiosoitteesi ja valitse Jatka.',
    );
    // A wrong password still says only that.
    const wrong = await call(app, 'POST', '/api/auth/login', { payload: { email: DEMO.store, password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/profile', { token: passwordSession })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/profile', { token: providerSession })).statusCode).toBe(200);
    expect(
      (await call(app, 'POST', '/api/auth/sign-in-method', { payload: { email: DEMO.store } })).json().payload,
    ).toMatchObject({ method: 'provider', password_sign_in: false });

    for (const email of [DEMO.superAdmin, DEMO.admin, DEMO.tech, DEMO.store2]) {
      expect((await login(email)).statusCode).toBe(200);
    }
    expect((await browserSignIn(DEMO.store)).done.statusCode).toBe(200);

    // Removing the provider brings passwords back: there is no other way in.
    const removed = await call(app, 'PUT', '/api/chains/1', { as: 'admin', payload: { oidc: null } });
    expect(removed.json().payload).toMatchObject({ oidc: null, password_sign_in: true });
    expect((await login(DEMO.store)).statusCode).toBe(200);
    expect(
      (await call(app, 'POST', '/api/auth/sign-in-method', { payload: { email: DEMO.store } })).json().payload,
    ).toMatchObject({ method: 'password' });
  });
});
