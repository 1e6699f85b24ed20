// Webhooks as a chain's integration engineer sets one up: the chain-admin adds a webhook on the chain's
// page on a phone, copies the secret shown once, sends a test and sees it delivered; the receiver (a real
// HTTP server started here) verifies the signature with the secret from the page, by `standardwebhooks`.
import { expect } from '@playwright/test';
import { type Receiver, startReceiver } from '../../apps/server/src/test/webhook-receiver.ts';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

let receiver: Receiver;
const en = (key: string) => t('en', `webhooks:${key}`);

test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async () => {
  receiver = await startReceiver();
});

test.afterAll(async ({ playwright, baseURL }) => {
  // Leaves no webhook behind for other specs' orders.
  const request = await playwright.request.newContext({ baseURL });
  const { token } = await apiLogin(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/webhooks', { headers })).json();
  for (const hook of list.payload as { id: number; url: string }[]) {
    if (hook.url.startsWith(receiver.url)) await request.delete(`/api/webhooks/${hook.id}`, { headers });
  }
  await request.dispose();
  await receiver?.close();
});

test.describe('the chain-admin', () => {
  test.use({ storageState: sessionFile('chainAdmin'), viewport: { width: 375, height: 812 } });

  test('adds a webhook on a phone, keeps the secret shown once and sends a test that arrives signed', async ({
    page,
  }) => {
    await page.goto('/chains/1/webhooks');
    await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: en('new') }).click();
    const dialog = page.getByRole('dialog', { name: en('new') });
    await dialog.getByRole('textbox', { name: en('fields.url') }).fill(`${receiver.url}/erp`);
    await dialog.getByRole('textbox', { name: en('fields.description') }).fill('ERP');
    await dialog.getByRole('checkbox', { name: 'order.completed' }).check();
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: en('create') }).click();

    const secret = await page.getByTestId('webhook-secret').innerText();
    expect(secret).toMatch(/^whsec_/);
    receiver.secrets.set('/erp', secret);
    await expect(page.getByText(en('secretOnce'))).toBeVisible();
    await page.getByRole('button', { name: en('secretDone') }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    const card = page.getByRole('article', { name: `${receiver.url}/erp` });
    await expect(card.getByText('order.completed')).toBeVisible();
    // By keyboard: the test button focused and pressed.
    await card.getByRole('button', { name: en('test') }).focus();
    await page.keyboard.press('Enter');
    // The deliveries open after a test: its row says it was delivered (the filter above names that status too).
    const delivered = card.getByRole('button', { name: new RegExp(`^${en('status.delivered')} webhook\\.test`) });
    await expect(delivered).toBeVisible({ timeout: 15_000 });
    expect(receiver.received.filter((r) => r.path === '/erp').map((r) => r.verified)).toEqual([true]);
    expect(JSON.parse(receiver.received[0].body).type).toBe('webhook.test');

    // The delivery opens with its attempts: status, the receiver's answer.
    await delivered.click();
    await expect(card.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expect(card.getByRole('cell', { name: 'answer 200' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page);
  });
});
