// Issue 37: on a phone, the order form's "Scan" reads an asset's label with the camera (here Chromium's
// fake camera, fed a picture of a label's QR code) or takes the tag typed; the order is placed for that
// asset and its store, in English, Swedish and Finnish.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import type { Locale } from '@wop/shared/constants';
import QRCode from 'qrcode';
import { signInViaApi } from '../support/auth.ts';
import { findChromium } from '../support/chromium.ts';
import { STORAGE_KEYS, t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

// The demo store manager's store, Norrgården Södermalm: its freezer island (db/seed.ts).
const TAG = 'SOD-FRZ-01';
const ASSET = 'Frysö 1';

/**
 * A video file of a printed label's QR code (what the label's code holds: the tag's address), as the
 * camera would see it: YUV4MPEG2, 640 x 480, the code black on white in the middle of every frame.
 */
function labelVideo(file: string) {
  const { modules } = QRCode.create(`https://orders.example.com/assets/tag/${TAG}`, { errorCorrectionLevel: 'M' });
  const [width, height, scale] = [640, 480, 8];
  const side = modules.size * scale;
  const [left, top] = [(width - side) >> 1, (height - side) >> 1];
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

const video = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results/label-qr.y4m');
labelVideo(video);

/** Picks an option of a Mantine Select by the field's label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function placeOrder(page: Page, lng: Locale, find: (page: Page) => Promise<void>) {
  const say = (key: string) => t(lng, key);
  await page.goto('/orders/create');
  await page.getByRole('button', { name: say('orders:scan.button'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: say('orders:scan.title') });
  await expect(dialog).toBeVisible();
  await find(page);
  await expect(dialog).toHaveCount(0);
  // The label filled in the store and the asset (and the asset's trade as the work type).
  await expect(page.getByRole('combobox', { name: say('orders:fields.asset'), exact: true })).toHaveValue(
    `${ASSET} · ${TAG}`,
  );
  const priorities = await page.request.get('/api/orders/priority', {
    headers: {
      authorization: `Bearer ${await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)}`,
      lang: lng,
    },
  });
  const { priorities: titles } = (await priorities.json()).payload as { priorities: Record<string, string> };
  await choose(page, say('orders:fields.priority'), titles['20']);
  const description = `${lng}: frysön larmar (${Date.now()})`;
  await page.getByRole('textbox', { name: say('orders:fields.description') }).fill(description);
  await page.getByRole('button', { name: say('orders:form.submit') }).click();
  await page.waitForURL(/\/orders\/\d+$/);
  await expect(page.getByText(description)).toBeVisible();
  await expect(page.getByRole('link', { name: ASSET, exact: true })).toBeVisible();
  // Usable at 375 px: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  permissions: ['camera'],
  // The project's options with the fake camera: the label's picture is what it films.
  launchOptions: {
    executablePath: findChromium() ?? undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('the camera reads the label and the order is placed for that asset (English)', async ({ page }) => {
  test.setTimeout(90_000);
  await signInViaApi(page, 'store', 'en');
  // Nothing typed: the dialog closes on what the camera read.
  await placeOrder(page, 'en', async () => {});
});

for (const lng of ['sv', 'fi'] as const) {
  test(`the tag typed instead, and the order placed (${lng})`, async ({ page }) => {
    test.setTimeout(90_000);
    // A phone without a camera the page may use.
    await page.addInitScript(() => Object.defineProperty(navigator, 'mediaDevices', { value: undefined }));
    await signInViaApi(page, 'store', lng);
    await placeOrder(page, lng, async (p) => {
      const say = (key: string) => t(lng, key);
      await expect(p.getByText(say('orders:scan.noCamera'))).toBeVisible();
      // A tag that does not exist first: the server's message in the user's language.
      await p.getByRole('textbox', { name: say('orders:scan.tag') }).fill('NO-SUCH-TAG');
      await p.getByRole('button', { name: say('orders:scan.find'), exact: true }).click();
      await expect(p.getByRole('alert')).toBeVisible();
      await p.getByRole('textbox', { name: say('orders:scan.tag') }).fill(TAG.toLowerCase());
      await p.getByRole('button', { name: say('orders:scan.find'), exact: true }).click();
    });
  });
}
