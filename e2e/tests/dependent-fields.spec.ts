// Issue 21 "Done when": changing the chain or the region in a form or a filter bar clears what
// depends on it, value and text alike, and its dropdown offers the new chain's or region's options.
// Demo data: Norrgården Livs has the regions Stockholm (Södermalm, Kungsholmen, Solna) and Göteborg
// (Haga, Majorna, Mölndal); Kotimarket Oy has no regions; Fjällbo Bygghandel has Norrland and Mälardalen.

import { expect, type Locator, type Page } from '@playwright/test';
import { sessionFile } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };
const en = (key: string) => t('en', key);

const combo = (scope: Locator, label: string) => scope.getByRole('combobox', { name: label, exact: true });

/**
 * Picks an option; tries again when the dropdown closed under the click (a list reloading beside it). A try
 * whose click landed but was reported failed (the option replaced as it was clicked) has picked it already:
 * clicking the chosen option again would take it away (Mantine's Select deselects it).
 */
async function choose(page: Page, scope: Locator, label: string, option: string) {
  await expect(async () => {
    if ((await combo(scope, label).inputValue()) === option) return;
    if (!(await page.getByRole('option', { name: option, exact: true }).isVisible())) await combo(scope, label).click();
    await page.getByRole('option', { name: option, exact: true }).click({ timeout: 5_000 });
  }).toPass(slow);
}

/** The options a dropdown offers once it has loaded them (it is closed again afterwards). */
async function optionsOf(page: Page, scope: Locator, label: string, expected: string): Promise<string[]> {
  await combo(scope, label).click();
  await expect(page.getByRole('option', { name: expected, exact: true })).toBeVisible(slow);
  const names = (await page.getByRole('option').allTextContents()).map((name) => name.trim());
  await page.keyboard.press('Escape');
  return names;
}

/** The order form, with `choices` (orders:fields.<name> -> option) picked in that order. */
async function orderFormWith(page: Page, choices: Record<string, string>): Promise<Locator> {
  await page.goto('/orders/create');
  const form = page.locator('form').filter({ has: page.getByLabel(en('orders:fields.description')) });
  for (const [field, option] of Object.entries(choices)) await choose(page, form, en(`orders:fields.${field}`), option);
  return form;
}

/** The field shows nothing: no text in a Select, no pill in a MultiSelect. */
async function expectEmpty(scope: Locator, label: string, stale: string) {
  await expect(combo(scope, label)).toHaveValue('');
  const wrapper = scope.locator('.mantine-InputWrapper-root').filter({ has: combo(scope, label) });
  await expect(wrapper.getByText(stale, { exact: true })).toHaveCount(0);
}

const noneOf = (names: string[], stale: string[]) => expect(names.filter((n) => stale.includes(n))).toEqual([]);

const STOCKHOLM = ['Norrgården Södermalm', 'Norrgården Kungsholmen', 'Norrgården Solna'];
const GOTEBORG = ['Norrgården Haga', 'Norrgården Majorna', 'Norrgården Mölndal'];

test.describe('dependent fields as a super-admin', () => {
  test.use({ storageState: sessionFile('superAdmin') });

  test("order form: another chain clears the store, its text, and lists the new chain's stores", async ({ page }) => {
    const form = await orderFormWith(page, { chain: 'Norrgården Livs', store: 'Norrgården Södermalm' });
    await expect(combo(form, en('orders:fields.store'))).toHaveValue('Norrgården Södermalm');

    await choose(page, form, en('orders:fields.chain'), 'Kotimarket Oy');
    await expectEmpty(form, en('orders:fields.store'), 'Norrgården Södermalm');
    const stores = await optionsOf(page, form, en('orders:fields.store'), 'Kotimarket Kamppi');
    expect(stores.every((name) => !name.startsWith('Norrgården'))).toBe(true);
  });

  test('user form: the role, chain and region each clear what follows them', async ({ page }) => {
    await page.goto('/users');
    await page.getByRole('button', { name: en('users:create'), exact: true }).click();
    const form = page.getByRole('dialog').locator('form');
    await choose(page, form, en('users:fields.role'), en('users:roleNames.store-manager'));
    await choose(page, form, en('users:fields.chain'), 'Norrgården Livs');
    await choose(page, form, en('users:fields.region'), 'Stockholm');
    await choose(page, form, en('users:fields.stores'), 'Norrgården Södermalm');
    await page.keyboard.press('Escape');

    // Another region: the stores go, and the list is the new region's.
    await choose(page, form, en('users:fields.region'), 'Göteborg');
    await expectEmpty(form, en('users:fields.stores'), 'Norrgården Södermalm');
    const stores = await optionsOf(page, form, en('users:fields.stores'), 'Norrgården Haga');
    noneOf(stores, STOCKHOLM);

    // Another chain: region and stores go, the regions are the new chain's.
    await choose(page, form, en('users:fields.stores'), 'Norrgården Haga');
    await page.keyboard.press('Escape');
    await choose(page, form, en('users:fields.chain'), 'Fjällbo Bygghandel');
    await expectEmpty(form, en('users:fields.region'), 'Göteborg');
    await expectEmpty(form, en('users:fields.stores'), 'Norrgården Haga');
    const regions = await optionsOf(page, form, en('users:fields.region'), 'Norrland');
    noneOf(regions, ['Stockholm', 'Göteborg', 'Skåne']);

    // Another role: the chain goes too.
    await choose(page, form, en('users:fields.role'), en('users:roleNames.regional-director'));
    await expectEmpty(form, en('users:fields.chain'), 'Fjällbo Bygghandel');
  });

  for (const { path, ns } of [
    { path: '/orders', ns: 'orders' },
    { path: '/users', ns: 'users' },
  ]) {
    test(`${path} filter bar: chain and region clear the filters that follow them`, async ({ page }) => {
      await page.goto(path);
      const bar = page.locator('main');
      await choose(page, bar, en(`${ns}:fields.chain`), 'Norrgården Livs');
      await choose(page, bar, en(`${ns}:fields.region`), 'Stockholm');
      await choose(page, bar, en(`${ns}:fields.store`), 'Norrgården Södermalm');

      await choose(page, bar, en(`${ns}:fields.region`), 'Göteborg');
      await expectEmpty(bar, en(`${ns}:fields.store`), 'Norrgården Södermalm');
      noneOf(await optionsOf(page, bar, en(`${ns}:fields.store`), 'Norrgården Haga'), STOCKHOLM);

      await choose(page, bar, en(`${ns}:fields.store`), 'Norrgården Haga');
      await choose(page, bar, en(`${ns}:fields.chain`), 'Fjällbo Bygghandel');
      await expectEmpty(bar, en(`${ns}:fields.region`), 'Göteborg');
      await expectEmpty(bar, en(`${ns}:fields.store`), 'Norrgården Haga');
      noneOf(await optionsOf(page, bar, en(`${ns}:fields.region`), 'Norrland'), ['Stockholm', 'Göteborg', 'Skåne']);
      noneOf(await optionsOf(page, bar, en(`${ns}:fields.store`), 'Fjällbo Umeå'), [...STOCKHOLM, ...GOTEBORG]);
    });
  }
});

test.describe('dependent fields as a chain-admin', () => {
  test.use({ storageState: sessionFile('chainAdmin') });

  test("order form: another region clears the store and lists that region's stores", async ({ page }) => {
    const form = await orderFormWith(page, { region: 'Stockholm', store: 'Norrgården Södermalm' });

    await choose(page, form, en('orders:fields.region'), 'Göteborg');
    await expectEmpty(form, en('orders:fields.store'), 'Norrgården Södermalm');
    noneOf(await optionsOf(page, form, en('orders:fields.store'), 'Norrgården Haga'), STOCKHOLM);
  });

  test("store form: its one chain is preselected and the region list is that chain's", async ({ page }) => {
    await page.goto('/stores');
    await page.getByRole('button', { name: en('stores:create'), exact: true }).click();
    const form = page.getByRole('dialog').locator('form');
    await expect(combo(form, en('stores:fields.chain'))).toHaveValue('Norrgården Livs', slow);
    const regions = await optionsOf(page, form, en('stores:fields.region'), 'Stockholm');
    noneOf(regions, ['Norrland', 'Mälardalen']);
  });
});
