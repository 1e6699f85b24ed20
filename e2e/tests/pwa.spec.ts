// The installable app (issue #14): a valid, linked web app manifest with its icons; a service worker
// that controls the page; a technician who opened their orders reads them again without a network,
// told that they are looking at the orders as last seen; and signing out leaves no order data behind.

import { expect, type Page } from '@playwright/test';
import { mainMenu, signInViaApi, signOut } from '../support/auth.ts';
import { LOGIN_PATHS, t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

const en = (key: string) => t('en', key);
// The other journeys run without the worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });
/** The worker's cache of API answers (apps/web/src/lib/pwa.ts). */
const API_CACHE = 'wop-api';
/** What the worker may keep of the API: the user and their orders, list, detail, visits, costs and messages. */
const CACHEABLE_API = /^\/api\/(?:profile|orders(?:\/\d+(?:\/(?:visits|costs|messages|unreadmessages))?)?)$/;

/** The paths of the API answers in the worker's cache. */
function cachedApiPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const requests = await (await caches.open(name)).keys();
    return requests.map((request) => new URL(request.url).pathname);
  }, API_CACHE);
}

test('the web app manifest is linked, valid, and its icons load', async ({ page, request }) => {
  await page.goto(LOGIN_PATHS.en);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#1c5aa8');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');

  const res = await request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Work orders', start_url: '/', display: 'standalone' });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect({ src: icon.src, status: image.status(), type: image.headers()['content-type'] }).toEqual({
      src: icon.src,
      status: 200,
      type: icon.type,
    });
  }
});

test('a technician reads their last-seen orders offline; signing out deletes them', async ({ page, context }) => {
  test.setTimeout(60_000);
  // The worker registers after the first render (here the sign-in page) and takes control of the page.
  await page.goto(LOGIN_PATHS.en);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 15_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  // Signs in on its own (logging out revokes the token); the list, then one order, seen online.
  await signInViaApi(page, 'tech');
  await page.goto('/orders');
  const list = page.getByRole('table', { name: en('orders:title'), exact: true });
  const firstOrder = list.getByRole('link', { name: /^\d+$/ }).first();
  await expect(firstOrder).toBeVisible({ timeout: 15_000 });
  const number = (await firstOrder.textContent()) ?? '';
  const orderUrl = (await firstOrder.getAttribute('href')) ?? '';
  await firstOrder.click();
  const heading = page.getByRole('heading', {
    level: 1,
    name: en('orders:orderNumber').replace('{{number}}', number),
  });
  await expect(heading).toBeVisible();
  const offlineNotice = page.getByRole('status').filter({ hasText: /^You are offline: showing orders as last seen/ });
  await expect(offlineNotice).toBeHidden();

  // In the cellar: no network. The order and the list still show, and say they are as last seen.
  await context.setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible({ timeout: 15_000 });
  await expect(offlineNotice).toBeVisible();
  expect(await offlineNotice.textContent()).toMatch(/at \d{2}:\d{2}$/);
  await mainMenu(page)
    .getByRole('link', { name: en('nav.orders'), exact: true })
    .click();
  await expect(list.getByRole('link', { name: number, exact: true })).toHaveAttribute('href', orderUrl);
  await expect(offlineNotice).toBeVisible();
  // Nothing of the API but the user and their orders is kept.
  const cached = await cachedApiPaths(page);
  expect(cached).toContain(orderUrl.replace(/^\/orders/, '/api/orders'));
  expect(cached.filter((path) => !CACHEABLE_API.test(path))).toEqual([]);

  // Back online, the notice goes with the first fresh answer; signing out deletes the cached orders.
  await context.setOffline(false);
  await page.reload();
  await expect(list.getByRole('link', { name: number, exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(offlineNotice).toBeHidden();
  await signOut(page);
  await expect(page).toHaveURL(new RegExp(`${LOGIN_PATHS.en}$`));
  await expect.poll(() => cachedApiPaths(page)).toEqual([]);
});
