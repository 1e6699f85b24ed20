// Issue 14 "Done when": an expired session keeps the draft and says why; one toast per error; the
// Swedish and Finnish order tables show every column at 1440 px; a technician on a 375 px phone opens
// a job, adds a photo with upload progress and sets it completed.

import { expect, type Page } from '@playwright/test';
import type { Locale } from '@wop/shared/constants';
import { sessionFile, signInThroughUi, signInViaApi } from '../support/auth.ts';
import { STORAGE_KEYS, t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

const en = (key: string) => t('en', key);
// One embedded database serves every parallel spec: pages may take a while under load.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

/** Picks an option of a Mantine Select by the field's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A real PNG of about `kb` kilobytes: a 1x1 image with a private ancillary chunk as ballast. */
function pngOf(kb: number): Buffer {
  const tiny = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  // A private ancillary chunk ("prVt") before IEND: readers skip it, the file stays a valid PNG.
  const data = Buffer.alloc(kb * 1024, 7);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const type = Buffer.from('prVt');
  const crc = Buffer.alloc(4); // CRC of an ancillary chunk is not checked by the server's sniffing.
  const iendAt = tiny.length - 12;
  return Buffer.concat([tiny.subarray(0, iendAt), length, type, data, crc, tiny.subarray(iendAt)]);
}

/** Counts the toasts that appear from now on (one at a time shows, so a second one replaces the first). */
async function countToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { __toasts: string[] };
    w.__toasts = [];
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const toast of [node, ...node.querySelectorAll<HTMLElement>('.mantine-Notification-root')])
              if (toast.classList.contains('mantine-Notification-root')) w.__toasts.push(toast.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);
}

test('an expired session keeps the order draft, says why, and returns the user to the form', async ({ page }) => {
  await signInViaApi(page, 'store');
  await page.goto('/orders/create');
  const description = `Kylrummet brummar (${Date.now()})`;
  const descriptionBox = page.getByRole('textbox', { name: en('orders:fields.description') });
  await expect(descriptionBox).toBeVisible(slow);
  await choose(page, en('orders:fields.worktype'), 'Refrigeration');
  await choose(page, en('orders:fields.priority'), en('common:priority.20'));
  await descriptionBox.fill(description);

  // The server ends the session (as when it expires there); the next request answers 401.
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  const toasts = await countToasts(page);
  await page.getByRole('button', { name: en('orders:form.submit') }).click();

  await expect(page).toHaveURL(/\/login$/, slow);
  await expect(page.getByText(en('auth:login.sessionExpired'))).toBeVisible();
  expect((await toasts()).join(' ')).not.toContain('401');
  await expect(page.getByText(/Error 401/)).toHaveCount(0);

  await signInThroughUi(page, 'store', { open: false });
  await expect(page).toHaveURL(/\/orders\/create$/);
  await expect(descriptionBox).toHaveValue(description, slow);
  await expect(page.getByText(/^Draft from .* restored$/)).toBeVisible();
});

test.describe('with a store manager session', () => {
  test.use({ storageState: sessionFile('store') });

  test('a refused upload shows one toast, and says why', async ({ page }) => {
    await page.goto('/orders');
    await page.locator('a[href^="/orders/"]').filter({ hasText: /^\d+$/ }).first().click(slow);
    await page
      .getByRole('button', { name: en('orders:upload.button') })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: en('orders:upload.submit'), exact: true })).toBeVisible(slow);
    // Named .png but not an image: the browser lets it through, the server refuses it (422).
    await dialog.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'not-a-photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('plain text, not a picture'),
    });
    const toasts = await countToasts(page);
    await dialog.getByRole('button', { name: en('orders:upload.submit'), exact: true }).click();
    await expect(page.locator('.mantine-Notification-root')).toContainText('Error 422');
    await page.waitForTimeout(500);
    expect(await toasts()).toHaveLength(1);

    // A file the picker refuses is named, with the reason.
    await dialog.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('notes'),
    });
    await expect(dialog.getByRole('alert')).toContainText('notes.txt was not added');
  });
});

test.describe('the order table at 1440 px', () => {
  test.use({ storageState: sessionFile('admin'), viewport: { width: 1440, height: 900 } });

  for (const lng of ['sv', 'fi'] as Locale[]) {
    test(`shows every column, Actions included, in ${lng}`, async ({ page }) => {
      await page.goto('/api/health');
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.language, lng]);
      await page.goto('/orders');
      const table = page.getByRole('table', { name: t(lng, 'orders:title'), exact: true });
      await expect(table.getByRole('row').nth(1)).toBeVisible(slow);
      const headers = table.getByRole('columnheader');
      await expect(headers.last()).toHaveText(t(lng, 'table.actions'));
      // The figures sit above the list: bring the table up, then every column must fit across.
      await headers.first().scrollIntoViewIfNeeded();
      for (const header of await headers.all()) await expect(header).toBeInViewport({ ratio: 1 });
      const fits = await table.evaluate((el) => el.scrollWidth <= (el.parentElement?.clientWidth ?? 0) + 1);
      expect(fits).toBe(true);
    });
  }
});

test.describe('a technician on a 375 px phone', () => {
  test.use({ storageState: sessionFile('tech'), viewport: { width: 375, height: 740 }, hasTouch: true });

  test('opens a job, adds a photo with upload progress and sets it completed', async ({ page }) => {
    // A job still to do: planned or confirmed.
    await page.goto('/orders?status=planned');
    const job = page.locator('a[href^="/orders/"]').filter({ hasText: /^\d+$/ }).first();
    await expect(job).toBeVisible(slow);
    // The filters wait behind a button, so the first job is on the first screen.
    await expect(page.getByRole('button', { name: new RegExp(`^${t('en', 'table.filters')}`) })).toBeVisible();
    await expect(job).toBeInViewport();
    await job.click();

    const bar = page.getByTestId('order-phone-actions');
    await expect(bar).toBeInViewport();
    // Every action's label shows whole on the phone.
    const cut = await bar
      .locator('.mantine-Button-label')
      .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
    expect(cut).toEqual([]);
    await bar.getByRole('button', { name: en('orders:upload.button') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: en('orders:files.camera') })).toBeVisible();
    await dialog.locator('input[type="file"][capture="environment"]').setInputFiles({
      name: 'fault.png',
      mimeType: 'image/png',
      buffer: pngOf(1500),
    });
    await expect(dialog.getByRole('img', { name: 'fault.png' })).toBeVisible();

    // A slow mobile uplink, so the progress can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 2_000_000,
      uploadThroughput: 400_000,
    });
    await dialog.getByRole('button', { name: en('orders:upload.submit'), exact: true }).click();
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByText(/^Uploading… \d+ %$/)).toBeVisible();
    await expect(dialog).toHaveCount(0, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    // The photo shows as a picture, a button that opens it, named by its file.
    await expect(
      page.getByTestId('order-files').getByRole('button', { name: `${en('orders:files.open')} fault.png` }),
    ).toBeVisible();

    await bar.getByRole('button', { name: en('common:actions.edit') }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByRole('button', { name: en('common:actions.save') })).toBeVisible();
    await edit.getByRole('combobox', { name: en('orders:fields.status'), exact: true }).click();
    await page.getByRole('option', { name: en('common:status.completed'), exact: true }).click();
    await edit.getByRole('button', { name: en('common:actions.save') }).click();
    await expect(edit).toHaveCount(0);
    await expect(page.getByText(en('common:status.completed')).first()).toBeVisible();
  });
});
