// Issue 39: a technician quotes the work on a 375 px phone, the regional director approves it (which
// raises the order's cost limit), the work is booked and completed, and an admin invoices the month and
// opens the invoice: its totals, its line for the order, its Peppol XML.

import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A day as an English screen writes it: 21 Nov 2026. */
const shown = (iso: string) => {
  const [year, month, date] = iso.split('-').map(Number);
  return `${date} ${MONTHS[month - 1]} ${year}`;
};

test('from a quote on the phone to the invoice', async ({ browser }) => {
  test.setTimeout(240_000);
  const phone = await browser.newContext({
    storageState: sessionFile('tech'),
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
  });
  const page = await phone.newPage();
  const admin = await apiLogin(page.request, 'admin');
  const asAdmin = { authorization: `Bearer ${admin.token}` };
  const created = await page.request.post('/api/orders', {
    headers: asAdmin,
    multipart: {
      description: `Kompressorn till frysrummet ${Date.now()}`,
      worktype_id: '3',
      priority: '20',
      chain_id: '1',
      region_id: '1',
      store_id: '1',
      approval_status: 'approved',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()).payload as { id: number };
  const options = await page.request.get('/api/orders/options', { headers: asAdmin });
  const tech = ((await options.json()).payload.technicians as { id: number; name: string }[]).find(
    (u) => u.name === 'Mikko Virtanen',
  );
  expect(
    (await page.request.put(`/api/orders/${id}`, { headers: asAdmin, data: { technician_id: tech?.id } })).status(),
  ).toBe(200);

  // The technician quotes 8 000 kr, over the order's 5 000 kr limit.
  await page.goto(`/orders/${id}`);
  const costs = page.locator('section[aria-labelledby="order-costs-title"]');
  await expect(costs.getByText('SEK 0.00 of SEK 5,000.00')).toBeVisible({ timeout: 20_000 });
  await costs.getByRole('button', { name: t('en', 'costs:quote.submit') }).click();
  await costs.getByRole('textbox', { name: t('en', 'costs:fields.description') }).fill('Ny kompressor');
  await costs.getByRole('textbox', { name: t('en', 'costs:fields.unit_price') }).fill('8 000,00');
  await costs
    .getByRole('button', { name: t('en', 'costs:quote.submit') })
    .last()
    .click();
  await expect(costs.getByTestId('quote')).toContainText(t('en', 'costs:quote.status.submitted'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const { violations } = await new AxeBuilder({ page })
    .include('section[aria-labelledby="order-costs-title"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);

  // The director (limit 10 000 kr) approves it; the limit becomes the quote's total.
  const desk = await browser.newContext({ storageState: sessionFile('director') });
  const director = await desk.newPage();
  await director.goto(`/orders/${id}`);
  const directorCosts = director.locator('section[aria-labelledby="order-costs-title"]');
  await directorCosts.getByRole('button', { name: t('en', 'costs:quote.approve') }).click();
  await expect(directorCosts.getByTestId('quote')).toContainText(t('en', 'costs:quote.status.approved'));
  await expect(directorCosts.getByText('SEK 0.00 of SEK 8,000.00')).toBeVisible();

  // The technician books the work, now within the limit, with the keyboard.
  await page.reload();
  await costs.getByRole('button', { name: t('en', 'costs:addLine') }).click();
  await costs.getByRole('textbox', { name: t('en', 'costs:fields.description') }).fill('Kompressor, monterad');
  await costs.getByRole('textbox', { name: t('en', 'costs:fields.unit_price') }).fill('7 950,00');
  await costs.getByRole('textbox', { name: t('en', 'costs:fields.unit_price') }).press('Enter');
  await expect(costs.getByText('SEK 7,950.00 of SEK 8,000.00')).toBeVisible();

  // Completed, the order is invoiced by an admin on the chain's Invoices tab.
  expect(
    (await page.request.put(`/api/orders/${id}`, { headers: asAdmin, data: { status: 'completed' } })).status(),
  ).toBe(200);
  const office = await browser.newContext({ storageState: sessionFile('admin') });
  const accountant = await office.newPage();
  await accountant.goto('/chains/1/invoices');
  const issue = accountant.locator(`form[aria-label="${t('en', 'chains:invoices.issue')}"]`);
  // The days typed as the app's date fields take them (2026-11-21 too), shown back in the interface language.
  for (const [field, offset] of [
    ['chains:fields.from', -1],
    ['chains:fields.to', 1],
  ] as const) {
    const input = issue.getByRole('textbox', { name: t('en', field) });
    await input.fill(day(offset));
    await input.press('Tab');
    await expect(input).toHaveValue(shown(day(offset)));
  }
  await issue.getByRole('button', { name: t('en', 'chains:invoices.issue') }).click();
  // 7 950,00 kr and 25 % VAT.
  const row = accountant.getByRole('row').filter({ has: accountant.getByRole('cell', { name: 'SEK 9,937.50' }) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  // The invoice's page, opened from its number by the keyboard.
  const number = (await row.getByRole('link').textContent())?.trim();
  await row.getByRole('link').focus();
  await accountant.keyboard.press('Enter');
  await expect(
    accountant.getByRole('heading', { name: t('en', 'chains:invoice.title').replace('{{number}}', String(number)) }),
  ).toBeVisible();
  const totals = accountant.getByRole('table', { name: t('en', 'chains:invoice.totals') });
  await expect(totals.getByRole('row', { name: /25 %/ })).toContainText('SEK 7,950.00');
  await expect(totals.getByRole('row', { name: new RegExp(t('en', 'chains:invoice.total')) })).toContainText(
    'SEK 9,937.50',
  );
  const { project_number } = (await (await page.request.get(`/api/orders/${id}`, { headers: asAdmin })).json())
    .payload as { project_number: number };
  await expect(accountant.getByRole('link', { name: String(project_number) })).toBeVisible();
  const invoiceAxe = await new AxeBuilder({ page: accountant })
    .include('section[aria-labelledby="invoice-title"]')
    .analyze();
  expect(invoiceAxe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  const invoiceId = accountant.url().split('/').pop();
  const xml = await accountant.request.get(`/api/invoices/${invoiceId}/peppol`, { headers: asAdmin });
  expect(xml.status()).toBe(200);
  expect(await xml.text()).toContain(`<cbc:ID>${number}</cbc:ID>`);
  await phone.close();
  await desk.close();
  await office.close();
});
