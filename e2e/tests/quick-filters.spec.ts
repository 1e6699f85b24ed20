// Issue 14 "Done when": one tap on a quick filter shows the orders awaiting approval (URL and table);
// a user's own view is saved under a name, is still there after a reload, and can be removed; an
// approver approves an order from its list row.

import { expect } from '@playwright/test';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 60_000 });
const en = (key: string) => t('en', key);
// The first list of a fresh server can take a while on a busy machine.
const slow = { timeout: 20_000 };

test.describe('quick filters as a chain admin', () => {
  test.use({ storageState: sessionFile('chainAdmin') });

  test('"Awaiting approval" filters the list; a saved view survives a reload and can be removed', async ({ page }) => {
    await page.goto('/orders');
    const views = page.getByRole('group', { name: en('orders:views.label') });
    const awaiting = views.getByRole('button', { name: en('orders:views.awaitingApproval'), exact: true });
    const table = page.getByRole('table', { name: en('orders:title'), exact: true });
    await expect(table.locator('[data-approval="approved"]').first()).toBeVisible(slow);
    await expect(awaiting).toHaveAttribute('aria-pressed', 'false');

    await awaiting.click();
    await expect(page).toHaveURL(/\/orders\?approval_status=pending$/);
    await expect(awaiting).toHaveAttribute('aria-pressed', 'true');
    await expect(table.locator('[data-approval="approved"]')).toHaveCount(0);
    await expect(table.locator('[data-approval="pending"]').first()).toBeVisible();

    // One more filter makes a combination no view has yet: it can be saved.
    // The box follows the URL a moment after the click, so no check(): it would look at once.
    const overdue = page.getByRole('checkbox', { name: en('orders:filters.overdue') });
    await overdue.click();
    await expect(overdue).toBeChecked();
    // Its filter is still on: the chip says so.
    await expect(awaiting).toHaveAttribute('aria-pressed', 'true');
    const name = `Late approvals ${Date.now()}`;
    await views.getByRole('button', { name: en('orders:views.save') }).click();
    const dialog = page.getByRole('dialog', { name: en('orders:views.save') });
    await dialog.getByRole('textbox', { name: en('orders:views.name') }).fill(name);
    await dialog.getByRole('button', { name: en('common:actions.save') }).click();
    const saved = views.getByRole('button', { name, exact: true });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/orders');
    await expect(saved).toHaveAttribute('aria-pressed', 'false');
    await saved.click();
    await expect(page).toHaveURL(/approval_status=pending/);
    await expect(page).toHaveURL(/overdue=true/);
    await expect(saved).toHaveAttribute('aria-pressed', 'true');

    await views.getByRole('button', { name: en('orders:views.remove').replace('{{name}}', name) }).click();
    await expect(saved).toHaveCount(0);
    await page.reload();
    await expect(awaiting).toBeVisible();
    await expect(saved).toHaveCount(0);
  });

  test('an approver approves an order from its row in the list', async ({ page }) => {
    // An order of its own, so no other journey sees its approval change.
    const store = await apiLogin(page.request, 'store');
    const description = `Ventilationen susar (${Date.now()})`;
    const created = await page.request.post('/api/orders', {
      headers: { authorization: `Bearer ${store.token}` },
      multipart: { description, worktype_id: '3', priority: '20', store_id: '1' },
    });
    expect(created.status()).toBe(201);
    const { project_number: number } = (await created.json()).payload as { project_number: number };

    await page.goto(`/orders?approval_status=pending&q=${encodeURIComponent(description)}`);
    const table = page.getByRole('table', { name: en('orders:title'), exact: true });
    const menu = table.getByRole('button', { name: en('orders:quick.menuOf').replace('{{number}}', String(number)) });
    await menu.click(slow);
    await page.getByRole('menuitem', { name: en('orders:quick.approve') }).click();
    await expect(page.getByText(en('orders:quick.approved').replace('{{number}}', String(number)))).toBeVisible();
    // No longer awaiting approval: it leaves the filtered list.
    await expect(table.getByRole('link', { name: String(number), exact: true })).toHaveCount(0);
  });
});
