// Issue 3 "Done when": each demo role signs in, sees its own sidebar, opens its pages and gets
// not-found elsewhere; the language switch changes the UI; sign-out lands on the login route of the
// stored language; a deep link visited while signed out is where the user lands after signing in.

import { expect, type Page } from '@playwright/test';
import type { Locale } from '@wop/shared/constants';
import { MENU } from '@wop/shared/roles';
import { ACCOUNTS, EVERYONE } from '../support/accounts.ts';
import { enterPassword, mainMenu, sessionFile, signInThroughUi, signOut } from '../support/auth.ts';
import { LANGUAGE_NAMES, LOGIN_PATHS, STORAGE_KEYS, t } from '../support/i18n.ts';
import { FORBIDDEN_PATH, plainRoutes, registeredRoutes, sidebarPaths } from '../support/routes.ts';
import { test } from '../support/test.ts';

const notFoundHeading = (page: Page, lng: Locale = 'en') =>
  page.getByRole('heading', { name: t(lng, 'notFound.title') });

/** Waits until a routed page has set its title, and checks it is not the not-found page. */
async function expectPageOpens(page: Page) {
  await expect(page).toHaveTitle(/ · /);
  await expect(page).not.toHaveTitle(new RegExp(t('en', 'notFound.title')));
  await expect(notFoundHeading(page)).toHaveCount(0);
}

async function sidebarLinkPaths(page: Page): Promise<string[]> {
  return mainMenu(page)
    .first()
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

test.describe('each demo role', () => {
  for (const who of EVERYONE) {
    const { role } = ACCOUNTS[who];
    test(`${role} signs in, sees exactly its menu and pages, gets forbidden on the pages of other roles, and signs out`, async ({
      page,
    }) => {
      // A dozen pages in one journey (the super-admin's): more than the default 30 s on a busy machine.
      test.setTimeout(90_000);
      await signInThroughUi(page, who);
      await expect(page).toHaveURL(/\/orders$/);

      // The sidebar: the role's menu (packages/shared MENU), then manuals, emergency numbers, my account.
      expect(await sidebarLinkPaths(page)).toEqual(sidebarPaths(role));
      const menu = mainMenu(page).first();
      for (const item of MENU[role]) {
        await expect(menu.getByRole('link', { name: t('en', `nav.${item}`), exact: true })).toBeVisible();
      }
      const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
      const profile = await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
      const { name } = (await profile.json()).payload as { name: string };
      await expect(menu.getByRole('link', { name: new RegExp(name) })).toHaveAttribute('href', '/account');

      // Every allowed page that has been built opens, through the sidebar where it is in the menu.
      const built = registeredRoutes();
      const inMenu = new Set(sidebarPaths(role));
      for (const { route, path } of plainRoutes(role)) {
        if (!built.has(route)) continue;
        if (inMenu.has(path)) await menu.locator(`a[href="${path}"]`).click();
        else await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path === '/' ? '/' : path}$`));
        await expectPageOpens(page);
      }

      // A route of other roles says forbidden (not "not found"), with the way back to Orders.
      await page.goto(FORBIDDEN_PATH[role]);
      await expect(page.getByRole('heading', { name: t('en', 'forbidden.title') })).toBeVisible();
      await expect(notFoundHeading(page)).toHaveCount(0);
      await expect(page.getByRole('link', { name: t('en', 'notFound.backToOrders') })).toBeVisible();

      await signOut(page);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('button', { name: t('en', 'auth:login.continue') })).toBeVisible();
      // The token is revoked, not only forgotten by the browser.
      const after = await page.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
      expect(after.status()).toBe(401);
      await page.goto('/orders');
      await expect(page).toHaveURL(/\/login$/);
    });
  }
});

test.describe('language', () => {
  test.use({ storageState: sessionFile('store') });

  test('switching the language in the sidebar changes the interface and is kept after a reload', async ({ page }) => {
    await page.goto('/jour-nummer');
    await expect(
      mainMenu(page, 'en')
        .first()
        .getByRole('link', { name: t('en', 'nav.orders') }),
    ).toBeVisible();

    await page.getByRole('combobox', { name: t('en', 'nav.language') }).selectOption({ label: LANGUAGE_NAMES.sv });
    const svMenu = mainMenu(page, 'sv').first();
    await expect(svMenu.getByRole('link', { name: t('sv', 'nav.orders'), exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('sv', 'nav.logout') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
    await expect(page).toHaveTitle(new RegExp(t('sv', 'jour:title')));

    await page.reload();
    await expect(
      mainMenu(page, 'sv')
        .first()
        .getByRole('link', { name: t('sv', 'nav.orders') }),
    ).toBeVisible();

    await page.getByRole('combobox', { name: t('sv', 'nav.language') }).selectOption({ label: LANGUAGE_NAMES.fi });
    await expect(
      mainMenu(page, 'fi')
        .first()
        .getByRole('link', { name: t('fi', 'nav.orders') }),
    ).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe('fi');
  });
});

test.describe('sign-out and login routes', () => {
  test('signing in on /se/login shows Swedish, and signing out lands on /se/login', async ({ page }) => {
    await page.goto(LOGIN_PATHS.sv);
    await expect(page.getByRole('heading', { name: t('sv', 'auth:login.title') })).toBeVisible();
    await signInThroughUi(page, 'director', { lng: 'sv', open: false });
    await expect(
      mainMenu(page, 'sv')
        .first()
        .getByRole('link', { name: t('sv', 'nav.stores') }),
    ).toBeVisible();
    await signOut(page, 'sv');
    await expect(page).toHaveURL(/\/se\/login$/);
    await expect(page.getByRole('button', { name: t('sv', 'auth:login.continue') })).toBeVisible();
  });

  test('after switching to Finnish in the sidebar, signing out lands on /fn/login', async ({ page }) => {
    await signInThroughUi(page, 'tech');
    await page.getByRole('combobox', { name: t('en', 'nav.language') }).selectOption({ label: LANGUAGE_NAMES.fi });
    await signOut(page, 'fi');
    await expect(page).toHaveURL(/\/fn\/login$/);
    await expect(page.getByRole('heading', { name: t('fi', 'auth:login.title') })).toBeVisible();
  });

  test('a wrong password keeps the user on the login page with a message', async ({ page }) => {
    await page.goto(LOGIN_PATHS.sv);
    await enterPassword(page, ACCOUNTS.store.email, 'not-the-password', 'sv');
    await expect(page.getByRole('alert').filter({ hasText: t('sv', 'auth:login.failed') })).toBeVisible();
    await expect(page).toHaveURL(/\/se\/login$/);
  });
});

test('a deep link visited while signed out opens after signing in', async ({ page }) => {
  await page.goto('/jour-nummer');
  await expect(page).toHaveURL(/\/login$/);
  // This browser chose English: otherwise the store manager would get the language last used elsewhere.
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.language, 'en']);
  await signInThroughUi(page, 'store', { open: false });
  await expect(page).toHaveURL(/\/jour-nummer$/);
  await expect(page).toHaveTitle(new RegExp(t('en', 'jour:title')));
});
