// Issue 7 "Done when": the super-admin creates a folder and uploads a manual that a store manager of
// that chain downloads and a store manager of another chain does not see; an admin imports the
// sample stores file and sees the record; a bad file shows the failure box.

import fs from 'node:fs';
import { type Browser, type Download, expect, type Page } from '@playwright/test';
import { sessionFile, writeSession } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

const en = (key: string) => t('en', key);

/** A minimal PDF: the server checks uploads by their content, not their name. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/** Picks an option of a Mantine Select by the field's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A page signed in as a demo user that has no stored session in the harness (e.g. store2@). */
async function pageAs(browser: Browser, email: string): Promise<Page> {
  const probe = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await probe.request.post('/api/auth/login', { data: { email, password: 'demo1234' } });
  expect(res.status(), `sign-in as ${email}`).toBe(200);
  const { payload } = (await res.json()) as { payload: { access_token: string; expires_at: string } };
  const origin = new URL(res.url()).origin;
  await probe.close();
  const file = test.info().outputPath(`${email}.json`);
  writeSession(file, origin, payload.access_token, payload.expires_at);
  const context = await browser.newContext({ storageState: file });
  return context.newPage();
}

/** The download that the page's click opens in a new tab (the file is sent as an attachment). */
function nextDownloadInNewTab(page: Page): Promise<Download> {
  return new Promise((resolve) => {
    page.context().once('page', (tab) => tab.once('download', resolve));
  });
}

test.describe('manuals and files', () => {
  test('a folder the super-admin creates is downloadable by its chain and hidden from another chain', async ({
    browser,
  }) => {
    // Three users, two sign-ins and a download in a new tab.
    test.setTimeout(60_000);
    const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const title = `E2E kylrumsmanual ${unique}`;
    const fileName = `kylrum-${unique}.pdf`;

    const admin = await (await browser.newContext({ storageState: sessionFile('superAdmin') })).newPage();
    await admin.goto('/upload-files');
    // The header's button (an empty library offers the same link in its empty state).
    await admin
      .getByRole('link', { name: en('files:createFolder') })
      .first()
      .click();
    await expect(admin).toHaveURL(/\/upload-files\/create$/);
    await choose(admin, en('files:fields.chain'), 'Norrgården Livs');
    // "Title *" (required) and not "Subtitle".
    await admin.getByLabel(new RegExp(`^${en('files:fields.title')}`)).fill(title);
    await admin.getByLabel(en('files:fields.subTitle')).fill('Kyl och frys');
    await admin.getByLabel(en('files:fields.description')).fill('Skötselråd för kylrum och frysar.');
    await admin
      .locator('input[type="file"]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await expect(admin.getByRole('list', { name: en('files:fields.selectedFiles') })).toContainText(fileName);
    await admin.getByRole('button', { name: en('files:create') }).click();
    await expect(admin).toHaveURL(/\/upload-files$/);
    await expect(admin.getByText('Category uploaded successfully.')).toBeVisible();
    await expect(admin.getByRole('region', { name: title })).toBeVisible();

    // A store manager of Norrgården Livs sees it and downloads the manual.
    const store = await (await browser.newContext({ storageState: sessionFile('store') })).newPage();
    await store.goto('/upload-files');
    const folder = store.getByRole('region', { name: title });
    await expect(folder).toBeVisible();
    await expect(store.getByRole('link', { name: en('files:createFolder') })).toHaveCount(0);
    const download = nextDownloadInNewTab(store);
    await folder.getByRole('button', { name: fileName }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(fileName);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // A store manager of Kotimarket Oy does not see it.
    const other = await pageAs(browser, 'store2@example.com');
    await other.goto('/upload-files');
    await expect(other.getByText(en('files:empty')).or(other.getByText('Kotimarket Oy', { exact: true }))).toBeVisible({
      timeout: 15_000,
    });
    await expect(other.getByText('Norrgården Livs', { exact: true })).toHaveCount(0);
    await expect(other.getByText(title)).toHaveCount(0);
  });
});

test.describe('store import as an admin', () => {
  test.use({ storageState: sessionFile('admin') });

  test('imports the sample stores file and sees the record', async ({ page }) => {
    await page.goto('/stores/import');
    const sample = page.waitForEvent('download');
    await page.getByRole('button', { name: en('imports:sample') }).click();
    const sampleFile = await sample;
    expect(sampleFile.suggestedFilename()).toBe('stores-sample.csv');
    const samplePath = test.info().outputPath('stores-sample.csv');
    await sampleFile.saveAs(samplePath);
    expect(fs.readFileSync(samplePath, 'utf8').split('\n')[0]).toBe(
      'store_name,phone,email,invoice_address,contact_person,region_name,city,lat,lng',
    );

    await page.getByRole('button', { name: en('imports:stores.import') }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, en('imports:fields.chain'), 'Kotimarket Oy');
    await dialog.locator('input[type="file"]').setInputFiles(samplePath);
    await dialog.getByRole('button', { name: en('imports:stores.submit') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('2 store(s) imported successfully.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Kotimarket Oy' }).first();
    await expect(row.getByRole('link', { name: 'Kotimarket Oy' })).toBeVisible();
    // Its count of imported stores (the record's id may read 2 as well).
    await expect(row.getByRole('cell', { name: '2', exact: true }).last()).toBeVisible();
  });

  test('a bad file shows the failure box with every failing line', async ({ page }) => {
    await page.goto('/stores/import');
    await page.getByRole('button', { name: en('imports:stores.import') }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, en('imports:fields.chain'), 'Norrgården Livs');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'bad-stores.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(
        [
          'store_name,phone,email,invoice_address,contact_person,region_name',
          'Fine store,0812345678,,Street 1,Anna,',
          'Letters,08-ABC,,Street 2,Anna,',
          ',0812345678,,Street 3,Anna,Atlantis',
        ].join('\n'),
      ),
    });
    await dialog.getByRole('button', { name: en('imports:stores.submit') }).click();
    const box = dialog.getByRole('alert');
    await expect(box).toContainText(en('imports:failure.title'));
    await expect(box).toContainText('Line 3: phone: must be a number');
    await expect(box).toContainText('Line 4: region_name: does not exist; store_name: is required');
    await expect(dialog).toBeVisible();
  });
});

test.describe('exports as an admin', () => {
  test.use({ storageState: sessionFile('admin') });

  test('exports the chains list as a spreadsheet and says so', async ({ page }) => {
    await page.goto('/chains?q=Kotimarket');
    const download = nextDownloadInNewTab(page);
    await page.getByRole('button', { name: en('exports:export') }).click();
    await expect(page.getByText(en('exports:exported'))).toBeVisible();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^chains-\d{4}-\d\d-\d\d\.xlsx$/);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });
});
