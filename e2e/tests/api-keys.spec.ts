// API keys as a chain's integration engineer meets them: the chain-admin creates one on the chain's
// page on a phone, copies it (shown this once), a program uses it on the order list, the chain-admin
// revokes it and the program is refused at once.
import { expect, type Page } from '@playwright/test';
import type { Locale } from '@wop/shared/constants';
import { sessionFile } from '../support/auth.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 90_000 });

/** What a program does with the key: the order list, as the browser's own fetch. */
const ordersWithKey = (page: Page, key: string) =>
  page.evaluate(
    async (bearer) => (await fetch('/api/orders?limit=5', { headers: { authorization: `Bearer ${bearer}` } })).status,
    key,
  );

test.describe('the chain-admin on a phone', () => {
  test.use({ storageState: sessionFile('chainAdmin'), viewport: { width: 375, height: 740 } });

  test('creates a key by keyboard, sees it once, uses it, revokes it and the key is refused', async ({ page }) => {
    const en = (key: string) => t('en', `apiKeys:${key}`);
    const name = `ERP import ${Date.now()}`;
    await page.goto('/chains/1/api-keys');
    await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 20_000 });

    // Nothing ticked: the form says which field is missing, in words.
    await page.getByRole('textbox', { name: en('fields.name') }).fill(name);
    await page.getByRole('button', { name: en('create') }).click();
    await expect(page.getByText(new RegExp(en('fields.scopes')), { exact: false }).first()).toBeVisible();

    // By keyboard: the scope ticked with the space bar, the form sent with Enter.
    await page.getByRole('checkbox', { name: en('scopes.orders_read') }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('textbox', { name: en('fields.name') }).focus();
    await page.keyboard.press('Enter');

    const secret = page.getByTestId('api-key-secret');
    await expect(secret).toHaveText(/^wop_\S{40,}$/);
    const key = (await secret.textContent()) ?? '';
    await expect(page.getByText(en('createdWarning'))).toBeVisible();
    // The next thing to do has the focus: copying it.
    await expect(page.getByRole('button', { name: en('copy') })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page);

    expect(await ordersWithKey(page, key)).toBe(200);

    // Stored away: the key is never shown again, only its first characters.
    await page.getByRole('button', { name: en('hide') }).click();
    await expect(secret).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 20_000 });
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(key.slice(0, 10), { timeout: 15_000 });
    await expect(row).not.toContainText(key);
    await expect(row).toContainText(en('scopes.orders_read'));
    await expect(row).toContainText(en('states.active'));
    // Used a moment ago (its expiry is "never", its last use is not).
    await expect(row).toContainText(t('en', 'relative.now'));

    await row.getByRole('button', { name: t('en', 'apiKeys:revokeOne').replace('{{name}}', name) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(en('revokeMessage'));
    await dialog.getByRole('button', { name: en('revoke') }).click();
    await expect(row).toContainText(en('states.revoked'));
    await expect(row.getByRole('button')).toHaveCount(0);

    expect(await ordersWithKey(page, key)).toBe(401);
  });
});

test.describe('an admin', () => {
  test.use({ storageState: sessionFile('admin') });

  for (const lng of ['sv', 'fi'] as Locale[]) {
    test(`finds the keys of every chain in the menu, in ${lng}`, async ({ page }) => {
      await page.goto('/orders');
      await page.getByRole('combobox', { name: t('en', 'nav.language') }).selectOption(lng);
      await page.getByRole('link', { name: t(lng, 'nav.api-keys') }).click();
      await expect(page.getByRole('heading', { name: t(lng, 'apiKeys:title'), level: 2 })).toBeVisible();
      // An admin picks the chain, or none for every chain.
      await expect(page.getByRole('combobox', { name: t(lng, 'apiKeys:fields.chain_id'), exact: true })).toBeVisible();
      await expect(page.getByText(t(lng, 'apiKeys:chainHint'))).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('combobox', { name: t(lng, 'nav.language') }).selectOption('en');
    });
  }
});
