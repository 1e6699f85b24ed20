// The web app under the server's Content-Security-Policy (script-src 'self', no inline script, no
// eval): a person signs in, opens the orders, an order and a dialog, and the browser reports no
// violation of the policy on the way.

import { expect } from '@playwright/test';
import { signInThroughUi } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

const en = (key: string) => t('en', key);

test('the web app runs end to end under the Content-Security-Policy with no violation', async ({ page }) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy|refused to (load|execute|apply|evaluate)/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  // The browser's own report of each violation, whether or not it reaches the console.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");

  await signInThroughUi(page, 'admin');
  await expect(page).toHaveURL(/\/orders$/);
  // The first order of the list by its project number (other figures in a row link to filtered lists).
  const firstOrder = page
    .getByRole('table', { name: en('orders:title'), exact: true })
    .locator('a[href^="/orders/"]')
    .first();
  await expect(firstOrder).toBeVisible({ timeout: 30_000 });
  await firstOrder.click();
  await page.waitForURL(/\/orders\/\d+$/);
  await page.getByRole('button', { name: en('common:actions.edit'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: en('common:actions.save') })).toBeVisible();
  await dialog.getByRole('button', { name: en('common:actions.cancel') }).click();
  await expect(dialog).toHaveCount(0);

  expect(violations).toEqual([]);
});
