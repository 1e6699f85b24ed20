// Planned maintenance as a chain's planner does it: the chain-admin makes a plan for a store of its
// chain in the form, sees the next twelve dates before saving, saves, and finds the order the server's
// generator made from it (linked back to the plan); on a phone the list and the calendar by week.
import { expect as baseExpect, type Page } from '@playwright/test';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { STORAGE_KEYS, t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

// Saving and generating wait on the server, which shares a busy machine with the other specs.
const expect = baseExpect.configure({ timeout: 30_000 });
const en = (key: string) => t('en', `plans:${key}`);
const STORE = `Planbutiken ${Date.now()}`;
const TITLE = `Kylservice ${Date.now()}`;

async function choose(page: Page, label: string, option?: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await (option ? options.filter({ hasText: option }).first() : options.first()).click();
}

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  // A store of its own, so that the plan's orders change no count another spec reads.
  const request = await playwright.request.newContext({ baseURL });
  const { token } = await apiLogin(request, 'chainAdmin');
  const res = await request.post('/api/stores', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      store_name: STORE,
      phone: '0701740605',
      invoice_address: 'Planvägen 1',
      contact_person: 'Petra Plan',
      chain_id: 1,
    },
  });
  expect(res.status()).toBe(201);
  await request.dispose();
});

test.describe('the chain-admin', () => {
  test.use({ storageState: sessionFile('chainAdmin') });

  test('makes a plan, sees its dates before saving, and finds the order it generated', async ({ page }) => {
    await page.goto('/plans');
    await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: en('create') }).click();
    await expect(page).toHaveURL(/\/plans\/create$/);

    const preview = page.getByRole('region', { name: en('preview.title') });
    await expect(preview.getByText(en('preview.incomplete'))).toBeVisible();

    await page.getByRole('textbox', { name: en('fields.title') }).fill(TITLE);
    await choose(page, en('fields.worktype_id'));
    await page.getByRole('combobox', { name: en('fields.stores'), exact: true }).fill(STORE);
    await page.getByRole('option', { name: STORE }).click();
    await choose(page, en('fields.freq'), en('freq.weekly'));
    for (const day of [1, 2, 3, 4, 5]) await page.getByRole('checkbox', { name: en(`weekdays.${day}`) }).check();

    // Before anything is saved: twelve working days ahead for the store, each with the day its order is made.
    const days = preview.getByTestId('preview-days').getByRole('listitem');
    await expect(preview.getByText(STORE)).toBeVisible({ timeout: 15_000 });
    await expect(days).toHaveCount(12);
    await expect(days.first()).toContainText(/order made/);
    await expectNoSeriousViolations(page);

    await page.getByRole('button', { name: en('create') }).click();
    await expect(page).toHaveURL(/\/plans\/\d+$/);
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 20_000 });

    // The generator (every few seconds here, every minute in production) makes the orders of the
    // next week's days (7 days ahead); the plan's dates then link to them.
    const planId = Number(/\/plans\/(\d+)$/.exec(page.url())?.[1]);
    const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/plans/${planId}/preview`, {
            headers: { authorization: `Bearer ${token}` },
          });
          const { payload } = (await res.json()) as { payload: { targets: { days: { status: string }[] }[] } };
          return payload.targets[0].days.filter((d) => d.status === 'generated').length;
        },
        { timeout: 60_000, intervals: [2_000] },
      )
      .toBeGreaterThan(0);
    await page.reload();
    const orderLink = preview.getByRole('link', { name: /^Order \d+$/ }).first();
    await expect(orderLink).toBeVisible({ timeout: 30_000 });
    await orderLink.click();
    await expect(page).toHaveURL(/\/orders\/\d+$/);
    const fromPlan = page.getByRole('link', { name: TITLE });
    await expect(fromPlan).toBeVisible();
    await expect(page.getByText(t('en', 'orders:fields.plan'), { exact: true })).toBeVisible();
    await fromPlan.click();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 20_000 });

    // A change to the saved plan, not saved yet, is still there after a reload, until it is thrown away.
    const description = page.getByRole('textbox', { name: en('fields.description') });
    await description.fill('Byt filtren också.');
    await page.reload();
    await expect(page.getByText(/^Draft from .* restored$/)).toBeVisible({ timeout: 20_000 });
    await expect(description).toHaveValue('Byt filtren också.');
    await page.getByRole('button', { name: t('en', 'orders:draft.discard') }).click();
    await expect(description).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('heading', { name: TITLE })).toBeVisible({ timeout: 20_000 });
    await expect(description).toHaveValue('');
    await expect(page.getByText(/^Draft from/)).toHaveCount(0);
  });

  test('pauses the plan from the list and sees its days in the calendar', async ({ page }) => {
    await page.goto('/plans');
    const row = page.getByRole('row').filter({ hasText: TITLE });
    await row.getByRole('button', { name: `${en('pause')} ${TITLE}` }).click();
    await expect(row.getByText(en('paused'), { exact: true })).toBeVisible();
    await row.getByRole('button', { name: `${en('resume')} ${TITLE}` }).click();
    await expect(row.getByText(en('active'), { exact: true })).toBeVisible();

    await page.getByRole('link', { name: en('calendar.title') }).click();
    await expect(page.getByRole('heading', { name: en('calendar.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(TITLE) }).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe('on a phone', () => {
  test.use({ storageState: sessionFile('chainAdmin'), viewport: { width: 375, height: 812 } });

  test('the list, the form and the calendar fit 375 px; the calendar is a list by week', async ({ page }) => {
    await page.goto('/plans');
    await expect(page.getByRole('link', { name: TITLE })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByRole('link', { name: TITLE }).click();
    await expect(page.getByRole('region', { name: en('preview.title') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto('/plans/calendar');
    await expect(page.getByRole('heading', { name: en('calendar.title') })).toBeVisible();
    // Weeks as headings, no grid.
    await expect(page.getByRole('heading', { name: /^Week \d+/ }).first()).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoSeriousViolations(page);
  });

  test('fi: in another month the calendar’s way back to this month shows whole, not cut at the edge', async ({
    page,
  }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.language,
      'fi',
    ] as const);
    await page.goto('/plans/calendar');
    await page.getByRole('button', { name: t('fi', 'plans:calendar.next') }).click();
    await expect(page.getByRole('button', { name: t('fi', 'plans:calendar.today') })).toBeInViewport({ ratio: 1 });
  });
  test('fi: the plan’s days in Finnish in a browser set to English, picked from a Finnish calendar', async ({
    page,
  }) => {
    const fi = (key: string) => t('fi', `plans:${key}`);
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      STORAGE_KEYS.language,
      'fi',
    ] as const);
    await page.goto('/plans');
    await page.getByRole('link', { name: TITLE }).click();
    const starts = page.getByRole('textbox', { name: fi('fields.starts_on') });
    await expect(starts).toHaveValue(/^\d{1,2}\.\d{1,2}\.\d{4}$/);

    // The end day from the calendar: Finnish months and weekdays, Monday first, within the phone's width.
    const ends = page.getByRole('textbox', { name: fi('fields.ends_on') });
    await expect(ends).toHaveValue('');
    await ends.click();
    const calendar = page.locator('[data-dates-dropdown]');
    await expect(calendar.getByRole('columnheader').first()).toHaveText('ma');
    await calendar.getByRole('button', { name: t('fi', 'dates:nextMonth') }).click();
    await expect(calendar.getByRole('button', { name: /^[a-zä]+kuu \d{4}$/ })).toBeVisible();
    await expect(calendar).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Each day read aloud as a Finn says it: 15. joulukuuta 2026.
    await calendar.getByRole('button', { name: /^15\. [a-zä]+kuuta \d{4}$/ }).click();
    await expect(ends).toHaveValue(/^15\.\d{1,2}\.\d{4}$/);
    await page.getByRole('button', { name: t('fi', 'dates:clear').replace('{{field}}', fi('fields.ends_on')) }).click();
    await expect(ends).toHaveValue('');

    // Typed as a Finn writes it; kept in the draft as typed, until thrown away.
    await ends.fill('31.12.2030');
    await ends.press('Tab');
    await expect(ends).toHaveValue('31.12.2030');
    await page.reload();
    await expect(page.getByText(/^Luonnos/)).toBeVisible({ timeout: 20_000 });
    await expect(ends).toHaveValue('31.12.2030');
    await page.getByRole('button', { name: t('fi', 'orders:draft.discard') }).click();
    await expect(ends).toHaveValue('');
  });
});
