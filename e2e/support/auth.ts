import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Locale } from '@wop/shared/constants';
import { ACCOUNTS, DEMO_PASSWORD, type Who } from './accounts.ts';
import { LOGIN_PATHS, STORAGE_KEYS, t } from './i18n.ts';

const authDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/.auth');

/**
 * The file holding a signed-in browser state for a demo role, made once per run by
 * global-setup.ts. Use it with `test.use({ storageState: sessionFile('store') })`.
 * The server allows 50 sign-ins per address in 15 minutes, so specs reuse these sessions;
 * a spec that logs out must sign in on its own (logging out revokes the token).
 */
export function sessionFile(who: Who): string {
  return path.join(authDir, `${who}.json`);
}

/** Signs in through the API; answers the token and its expiry. */
export async function apiLogin(request: APIRequestContext, who: Who): Promise<{ token: string; expiresAt: string }> {
  const res = await request.post('/api/auth/login', {
    data: { email: ACCOUNTS[who].email, password: DEMO_PASSWORD },
  });
  expect(res.status(), `sign-in as ${who}`).toBe(200);
  const { payload } = (await res.json()) as { payload: { access_token: string; expires_at: string } };
  return { token: payload.access_token, expiresAt: payload.expires_at };
}

/** Writes the browser state of a signed-in user (what the web app keeps in localStorage). */
export function writeSession(file: string, origin: string, token: string, expiresAt: string, lng: Locale = 'en') {
  const state = {
    cookies: [],
    origins: [
      {
        origin,
        localStorage: [
          { name: STORAGE_KEYS.token, value: token },
          { name: STORAGE_KEYS.tokenExpiresAt, value: expiresAt },
          { name: STORAGE_KEYS.language, value: lng },
        ],
      },
    ],
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(state));
}

/**
 * A fresh session through the API put straight into the page's localStorage (no login form),
 * for a spec that needs its own token (e.g. to log out). Leaves the page on a blank JSON route.
 */
export async function signInViaApi(page: Page, who: Who, lng: Locale = 'en'): Promise<void> {
  const { token, expiresAt } = await apiLogin(page.request, who);
  await page.goto('/api/health');
  await page.evaluate(
    ([keys, values]) => {
      localStorage.setItem(keys.token, values.token);
      localStorage.setItem(keys.tokenExpiresAt, values.expiresAt);
      localStorage.setItem(keys.language, values.lng);
    },
    [STORAGE_KEYS, { token, expiresAt, lng }] as const,
  );
}

/**
 * Signs in as a person does: opens the login route of the language (unless `open: false`,
 * when the page already shows the login form), types the e-mail, then the password, presses the button,
 * and waits until the signed-in shell shows its main menu.
 */
export async function signInThroughUi(
  page: Page,
  who: Who,
  options: { lng?: Locale; open?: boolean } = {},
): Promise<void> {
  const lng = options.lng ?? 'en';
  if (options.open !== false) await page.goto(LOGIN_PATHS[lng]);
  await enterPassword(page, ACCOUNTS[who].email, DEMO_PASSWORD, lng);
  await expect(mainMenu(page, lng)).toBeVisible();
}

/** The sign-in form's two steps for a password: the e-mail and Continue, then the password and Sign in. */
export async function enterPassword(page: Page, email: string, password: string, lng: Locale = 'en'): Promise<void> {
  await page.getByRole('textbox', { name: t(lng, 'auth:login.email'), exact: true }).fill(email);
  await page.getByRole('button', { name: t(lng, 'auth:login.continue') }).click();
  await page.getByRole('textbox', { name: t(lng, 'auth:login.password'), exact: true }).fill(password);
  await page.getByRole('button', { name: t(lng, 'auth:login.submit') }).click();
}

/** The sidebar's navigation landmark. */
export function mainMenu(page: Page, lng: Locale = 'en') {
  return page.getByRole('navigation', { name: t(lng, 'nav.mainMenu') });
}

/** Clicks "Log out" in the sidebar. */
export async function signOut(page: Page, lng: Locale = 'en'): Promise<void> {
  await page.getByRole('button', { name: t(lng, 'nav.logout') }).click();
}
