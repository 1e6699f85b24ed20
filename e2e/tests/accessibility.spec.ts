// Issue 14 "Done when": axe finds no serious or critical violation on any page of any role, with the
// dialogs open too (WCAG 2.2 A and AA rules). A page that every role sees alike is checked once, as
// the first role that has it; the pages that differ by role (home, orders, manuals) as every role.

import { expect, type Page } from '@playwright/test';
import { ACCOUNTS, EVERYONE } from '../support/accounts.ts';
import { sessionFile } from '../support/auth.ts';
import { seriousViolations } from '../support/axe.ts';
import { t } from '../support/i18n.ts';
import { plainRoutes, registeredRoutes } from '../support/routes.ts';
import { test } from '../support/test.ts';

const en = (key: string) => t('en', key);

/** Waits until the page has loaded what it shows (no skeleton or loader left). */
async function settled(page: Page) {
  await expect(page.locator('main')).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"], .mantine-Skeleton-root')).toHaveCount(0, { timeout: 15_000 });
}

/** Waits until the dialog has finished opening: half faded in, its text reads paler than it is. */
async function dialogOpened(page: Page) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCSS('opacity', '1');
}

const PER_ROLE = new Set(['/', '/orders', '/upload-files']);
const checked = new Set<string>();
/** The roles whose edit and upload dialogs differ: the whole order form, the store's, the technician's. */
const DIALOG_ROLES = new Set(['super-admin', 'store-manager', 'technician']);

for (const who of EVERYONE) {
  const { role } = ACCOUNTS[who];
  test.describe(`${role}`, () => {
    test.use({ storageState: sessionFile(who) });
    // axe reads the whole page: give it time on a busy machine.
    test.describe.configure({ timeout: 120_000 });

    const built = registeredRoutes();
    for (const { route, path } of plainRoutes(role)) {
      if (!built.has(route) || (checked.has(path) && !PER_ROLE.has(path))) continue;
      checked.add(path);
      test(`${path} passes axe without a serious or critical violation`, async ({ page }) => {
        await page.goto(path);
        await settled(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    if (DIALOG_ROLES.has(role)) {
      test('an order, its upload dialog and the edit dialog pass axe too', async ({ page }) => {
        const found: string[] = [];
        await page.goto('/orders');
        await settled(page);
        const editButtons = page.getByRole('button', { name: new RegExp(`^${en('common:actions.edit')} \\d+$`) });
        if ((await editButtons.count()) > 0) {
          await editButtons.first().click();
          await expect(page.getByRole('dialog').getByRole('button', { name: en('common:actions.save') })).toBeVisible();
          await dialogOpened(page);
          found.push(...(await seriousViolations(page)).map((line) => `edit dialog: ${line}`));
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
        }
        await page.locator('a[href^="/orders/"]').filter({ hasText: /^\d+$/ }).first().click();
        await settled(page);
        found.push(...(await seriousViolations(page)).map((line) => `order detail: ${line}`));
        await page
          .getByRole('button', { name: en('orders:upload.button') })
          .first()
          .click();
        await dialogOpened(page);
        found.push(...(await seriousViolations(page)).map((line) => `upload dialog: ${line}`));
        expect(found).toEqual([]);
      });
    }
  });
}
