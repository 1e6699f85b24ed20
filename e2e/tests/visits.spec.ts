// Issue 40: a technician on a 375 px phone checks in at the store with the phone's position, loses the
// network, checks out (kept on the phone), gets the network back and sees the visit sent with its time.

import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

/** Demo store 1, Norrgården Södermalm; the phone is some 20 m from it. */
const NEAR_STORE = { latitude: 59.31488, longitude: 18.0719, accuracy: 15 };

test('a technician checks in, checks out offline, and the visit arrives when the network returns', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({
    storageState: sessionFile('tech'),
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
    geolocation: NEAR_STORE,
    permissions: ['geolocation'],
  });
  const page = await context.newPage();
  const admin = await apiLogin(page.request, 'admin');
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const created = await page.request.post('/api/orders', {
    headers: asAdmin,
    multipart: {
      description: `Site visit check ${Date.now()}`,
      worktype_id: '3',
      priority: '20',
      chain_id: '1',
      store_id: '1',
      approval_status: 'approved',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).payload as { id: number };
  const techs = await page.request.get('/api/orders/options', { headers: asAdmin });
  const tech = ((await techs.json()).payload.technicians as { id: number; name: string }[]).find(
    (u) => u.name === 'Mikko Virtanen',
  );
  expect(tech).toBeDefined();
  const assigned = await page.request.put(`/api/orders/${id}`, {
    headers: asAdmin,
    data: { technician_id: tech?.id },
  });
  expect(assigned.status()).toBe(200);

  await page.goto(`/orders/${id}`);
  const visits = page.getByTestId('order-visits');
  await expect(visits.getByText(t('en', 'visits:none'))).toBeVisible({ timeout: 20_000 });
  await visits.getByRole('button', { name: t('en', 'visits:checkIn') }).click();
  await expect(visits.getByText(/^You are on site since/)).toBeVisible();
  await expect(visits.getByText(/^On site since/)).toBeVisible();
  await expect(visits.getByTestId('visit')).toContainText(t('en', 'visits:distance').replace('{{metres}}', '20'));

  // Phone-first: nothing sticks out sideways at 375 px.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page })
    .include('[data-testid="order-visits"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // No network: the check-out is kept on the phone with the time it happened.
  await context.setOffline(true);
  const checkedOutAt = Date.now();
  await visits.getByRole('button', { name: t('en', 'visits:checkOut') }).click();
  await visits.getByRole('button', { name: t('en', 'visits:outcome.done') }).click();
  await expect(page.getByText(t('en', 'visits:kept'), { exact: false })).toBeVisible();
  await expect(visits.getByRole('status')).toHaveText(t('en', 'visits:waiting_one').replace('{{count}}', '1'));
  await expect(visits.getByRole('button', { name: t('en', 'visits:checkIn') })).toBeVisible();

  // The network returns: it is sent, and the order shows the closed visit.
  await context.setOffline(false);
  await expect(visits.getByRole('status')).toHaveCount(0, { timeout: 20_000 });
  await expect(visits.getByTestId('visit')).toContainText(t('en', 'visits:outcome.done'), { timeout: 20_000 });
  const answer = await page.request.get(`/api/orders/${id}/visits`, { headers: asAdmin });
  const [visit] = (await answer.json()).payload.data as { checked_out_at: string; outcome: string; flags: string[] }[];
  expect(visit.outcome).toBe('done');
  expect(Math.abs(Date.parse(visit.checked_out_at) - checkedOutAt)).toBeLessThan(10_000);
  expect(visit.flags).toEqual([]);
  // The closed visit added its call-out fee (and its labour, here under a minute) to the order's cost.
  const costs = await page.request.get(`/api/orders/${id}/costs`, { headers: asAdmin });
  const lines = (await costs.json()).payload.lines as { kind: string }[];
  expect(lines.map((l) => l.kind)).toContain('callout');
  await context.close();
});
