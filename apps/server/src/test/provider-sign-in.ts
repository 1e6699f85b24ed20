// A browser's sign-in through a chain's provider, step by step against the app (app.inject), for
// server tests: the test provider (oidc-provider.ts) plays the provider's part.
import type { App } from '../app.ts';
import { call } from './app.ts';
import { type IdTokenChange, signInAtProvider, type TestProvider } from './oidc-provider.ts';

/** The sign-in cookie from a Set-Cookie header, as the browser sends it back. */
export const signInCookie = (setCookie: string | string[] | undefined) =>
  /wop_sign_in=[\w-]+/.exec([setCookie ?? []].flat().join(';'))?.[0] ?? '';

/** The provider's return, as the browser brings it (with its sign-in cookie): where the app sends it on. */
export async function providerReturn(app: App, callbackUrl: string, cookie: string) {
  const url = new URL(callbackUrl);
  const res = await call(app, 'GET', `${url.pathname}${url.search}`, { headers: { cookie } });
  if (res.statusCode !== 303) throw new Error(`the return answered ${res.statusCode}: ${res.body}`);
  return new URL(res.headers.location as string, url.origin);
}

export const completeSignIn = (app: App, signIn: string, cookie: string, lang: 'en' | 'sv' | 'fi' = 'en') =>
  call(app, 'POST', '/api/auth/provider/complete', { payload: { sign_in: signIn }, headers: { cookie }, lang });

/**
 * A browser's whole sign-in through a chain's provider: the e-mail on the sign-in page (`start`), the
 * provider's page (signed in there as `atProvider`, the same e-mail by default), the return (`back`),
 * the sign-in page again (`complete`). Each step may reach another instance of the app.
 */
export async function browserSignIn(
  apps: App | { start: App; back: App; complete: App },
  provider: TestProvider,
  email: string,
  options: { atProvider?: string; change?: IdTokenChange; lang?: 'en' | 'sv' | 'fi' } = {},
) {
  const { start: first, back, complete } = 'start' in apps ? apps : { start: apps, back: apps, complete: apps };
  const start = await call(first, 'POST', '/api/auth/provider/start', { payload: { email }, lang: options.lang });
  if (start.statusCode !== 200) throw new Error(`the start answered ${start.statusCode}: ${start.body}`);
  const cookie = signInCookie(start.headers['set-cookie']);
  if (options.change) provider.changeNextIdToken(options.change);
  const callbackUrl = await signInAtProvider(start.json().payload.authorization_url, options.atProvider ?? email);
  const landing = await providerReturn(back, callbackUrl, cookie);
  const done = await completeSignIn(complete, landing.searchParams.get('sign_in') ?? '', cookie, options.lang);
  return { start, cookie, callbackUrl, landing, done };
}
