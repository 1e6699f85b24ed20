// Issue 4 "Done when": an admin creates a chain with regions, a region, a store and a store-manager
// user bound to it (all through the chain dashboard, in chain mode), then signs in as that user;
// a chain-admin cannot see another chain.

import { expect, type Page } from '@playwright/test';
import { enterPassword, mainMenu, sessionFile } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

const en = (key: string) => t('en', key);

/** Picks an option of a Mantine Select or MultiSelect by the field's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function save(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: en('actions.save') }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe('organisation administration as an admin', () => {
  test.use({ storageState: sessionFile('admin') });

  test('creates a chain with regions, a region, a store and a store manager, who then signs in', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const chainName = `E2E Kedjan ${unique}`;
    const regionName = `E2E Region ${unique}`;
    const storeName = `E2E Butik ${unique}`;
    const email = `e2e.${unique}@example.com`;

    // The chain (has regions: yes by default).
    await page.goto('/chains');
    await page.getByRole('button', { name: en('chains:create') }).click();
    const chainDialog = page.getByRole('dialog');
    await chainDialog.getByLabel(en('chains:fields.chain_name')).fill(chainName);
    await chainDialog.getByLabel(en('chains:fields.contact_person')).fill('Eva Ek');
    await chainDialog.getByLabel(en('chains:fields.phone')).fill('0811122233');
    await chainDialog.getByLabel(en('chains:fields.email')).fill(`kedjan.${unique}@example.com`);
    await chainDialog.getByLabel(en('chains:fields.invoice_address')).fill('Box 1, 111 11 Stockholm');
    await save(page);

    // Its dashboard.
    await page.getByRole('searchbox', { name: en('table.search') }).fill(chainName);
    await expect(page).toHaveURL(/[?&]q=/);
    await page.getByRole('link', { name: chainName }).click();
    await expect(page).toHaveURL(/\/chains\/\d+$/);
    await expect(page.getByRole('tab', { name: en('chains:tabs.regions') })).toBeVisible();

    // A region: the phone must be exactly 10 characters, the server says so under the field.
    await page.getByRole('tab', { name: en('chains:tabs.regions') }).click();
    await page.getByRole('button', { name: en('regions:create') }).click();
    await expect(page).toHaveURL(/\/regions\/create$/);
    const regionDialog = page.getByRole('dialog');
    await regionDialog.getByLabel(en('regions:fields.region_name')).fill(regionName);
    await regionDialog.getByLabel(en('regions:fields.contact_person')).fill('Olle Ek');
    await regionDialog.getByLabel(en('regions:fields.phone')).fill('12345');
    await regionDialog.getByRole('button', { name: en('actions.save') }).click();
    await expect(regionDialog.getByText('must be exactly 10 characters.')).toBeVisible();
    await regionDialog.getByLabel(en('regions:fields.phone')).fill('0812345678');
    await save(page);
    await expect(page.getByRole('cell', { name: regionName, exact: true })).toBeVisible();

    // A store of that region; the chain is locked to this chain.
    await page.getByRole('tab', { name: en('chains:tabs.stores') }).click();
    await page.getByRole('button', { name: en('stores:create') }).click();
    const storeDialog = page.getByRole('dialog');
    await expect(storeDialog.getByRole('combobox', { name: en('stores:fields.chain'), exact: true })).toBeDisabled();
    await choose(page, en('stores:fields.region'), regionName);
    await storeDialog.getByLabel(en('stores:fields.store_name')).fill(storeName);
    await storeDialog.getByLabel(en('stores:fields.contact_person')).fill('Butikschef E2E');
    await storeDialog.getByLabel(en('stores:fields.phone')).fill('08-1234');
    await storeDialog.getByRole('button', { name: en('actions.save') }).click();
    await expect(storeDialog.getByText(/must be a number\./)).toBeVisible();
    await storeDialog.getByLabel(en('stores:fields.phone')).fill('0812345678');
    await storeDialog.getByLabel(en('stores:fields.invoice_address')).fill('Box 2, 111 11 Stockholm');
    await save(page);
    await expect(page.getByRole('cell', { name: storeName, exact: true })).toBeVisible();

    // A store manager bound to the store.
    await page.getByRole('tab', { name: en('chains:tabs.users') }).click();
    await page.getByRole('button', { name: en('users:create') }).click();
    const userDialog = page.getByRole('dialog');
    await userDialog.getByLabel(en('users:fields.name')).fill('Elsa Butik');
    await userDialog.getByLabel(en('users:fields.email')).fill(email);
    await userDialog.getByLabel(en('users:fields.phone_no')).fill('0701234567');
    await userDialog.getByRole('textbox', { name: en('users:fields.password'), exact: true }).fill('secret123');
    await choose(page, en('users:fields.role'), en('users:roleNames.store-manager'));
    await choose(page, en('users:fields.stores'), storeName);
    await userDialog.getByRole('heading').click(); // closes the dropdown
    await save(page);
    await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();

    // The new user signs in through the login form and is bound to the store.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const userPage = await context.newPage();
    await userPage.goto('/login');
    await enterPassword(userPage, email, 'secret123');
    await expect(mainMenu(userPage)).toBeVisible();
    await expect(
      mainMenu(userPage)
        .first()
        .getByRole('link', { name: /Elsa Butik/ }),
    ).toBeVisible();
    const token = await userPage.evaluate(() => localStorage.getItem('wop.token'));
    const profile = await userPage.request.get('/api/profile', { headers: { authorization: `Bearer ${token}` } });
    expect((await profile.json()).payload).toMatchObject({
      role: 'store-manager',
      entities_data: [{ store_name: storeName }],
    });
    await context.close();
  });
});

test.describe('the chain dashboard as an admin', () => {
  test.use({ storageState: sessionFile('admin') });

  test('each tab is an address of its own: a reload keeps the tab and its dialog, and an order opens under the chain', async ({
    page,
  }) => {
    const slow = { timeout: 15_000 };
    const tab = (key: string) => page.getByRole('tab', { name: en(`chains:tabs.${key}`) });
    await page.goto('/chains/1/stores/create');
    await expect(page.getByRole('dialog', { name: en('stores:form.createTitle') })).toBeVisible(slow);
    await expect(tab('stores')).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('dialog', { name: en('stores:form.createTitle') })).toBeVisible(slow);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('actions.cancel') })
      .click();
    await expect(page).toHaveURL(/\/chains\/1\/stores$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await tab('orders').click();
    await expect(page).toHaveURL(/\/chains\/1\/orders$/);
    const order = page.locator('a[href^="/chains/1/orders/"]').filter({ hasText: /^\d+$/ }).first();
    await expect(order).toBeVisible(slow);
    const number = (await order.textContent()) ?? '';
    await order.click();
    await expect(page).toHaveURL(/\/chains\/1\/orders\/\d+$/);
    await expect(
      page.getByRole('heading', { name: en('orders:orderNumber').replace('{{number}}', number), level: 2 }),
    ).toBeVisible(slow);
    await expect(tab('orders')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(page).toHaveURL(/\/chains\/1\/orders$/);
  });
});

test.describe('organisation administration as a chain-admin', () => {
  test.use({ storageState: sessionFile('chainAdmin') });

  test('sees its own chain but not another one', async ({ page }) => {
    // One embedded database serves every parallel spec: lists may take a moment under load.
    const slow = { timeout: 15_000 };
    await page.goto('/chains/1');
    await expect(page.getByRole('tab', { name: en('chains:tabs.information') })).toBeVisible(slow);
    await expect(page.getByText('Norrgården Livs').first()).toBeVisible();

    await page.goto('/chains/2');
    await expect(page.getByRole('heading', { name: en('notFound.title') })).toBeVisible();
    await expect(page.getByText('Kotimarket Oy')).toHaveCount(0);

    await page.goto('/stores');
    await expect(page.getByRole('cell', { name: 'Norrgården Södermalm', exact: true })).toBeVisible(slow);
    await expect(page.getByText(/Kotimarket/)).toHaveCount(0);

    await page.goto('/users');
    await expect(page.getByRole('cell', { name: 'store@example.com', exact: true })).toBeVisible(slow);
    await expect(page.getByText('store2@example.com')).toHaveCount(0);
  });
});
