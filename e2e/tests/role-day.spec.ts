// Issue 44 "Every role's day holds together": each finding, tried in the language it was found in
// (Swedish or Finnish), as the role that met it.

import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import type { Locale } from '@wop/shared/constants';
import type { Who } from '../support/accounts.ts';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { STORAGE_KEYS, t } from '../support/i18n.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const TECH_ID = 6;

/** A page of the role's shared session, in a language (kept in the browser as the app keeps it). */
async function open(browser: Browser, who: Who, lng: Locale, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ storageState: sessionFile(who), viewport });
  await context.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem('e2e.language-set')) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('e2e.language-set', '1');
      }
    },
    [STORAGE_KEYS.language, lng] as const,
  );
  return context.newPage();
}

const tokens = new Map<Who, Promise<string>>();
/** An API caller as a demo user (one sign-in per role and worker: the suite shares 50 a quarter). */
async function as(request: APIRequestContext, who: Who) {
  if (!tokens.has(who))
    tokens.set(
      who,
      apiLogin(request, who).then((login) => login.token),
    );
  const headers = { authorization: `Bearer ${await tokens.get(who)}` };
  const answer = async (res: APIResponse, status: number) => {
    expect(res.status(), await res.text()).toBe(status);
    return (await res.json()).payload;
  };
  return {
    put: async (path: string, data: Record<string, unknown>) => answer(await request.put(path, { headers, data }), 200),
    create: async (multipart: Record<string, string>) =>
      answer(await request.post('/api/orders', { headers, multipart }), 201),
  };
}

/** A new order of store 1 (Norrgården Södermalm) placed by the admin; then `changes` as the admin. */
async function newOrder(request: APIRequestContext, text: string, changes: Record<string, unknown> = {}) {
  const admin = await as(request, 'admin');
  const created = (await admin.create({
    description: `${text} (${Date.now()})`,
    worktype_id: '3',
    priority: '20',
    chain_id: '1',
    store_id: '1',
  })) as { id: number; project_number: number };
  if (Object.keys(changes).length) await admin.put(`/api/orders/${created.id}`, changes);
  return created;
}

/** Opens the order page's Status menu (the quick change). */
async function statusMenu(page: Page, lng: Locale, number: number) {
  await page
    .getByRole('button', { name: t(lng, 'orders:quick.statusOf').replace('{{number}}', String(number)) })
    .click();
  return page.getByRole('menu');
}

/** Picks the 15th of next month at hh:mm in a date-time field. */
async function pickTime(page: Page, field: Locator, lng: Locale, hh: string, mm: string) {
  await field.click();
  const dropdown = page.locator('.mantine-Popover-dropdown');
  await dropdown.getByRole('button', { name: t(lng, 'orders:edit.nextMonth') }).click();
  await dropdown.locator('.mantine-DateTimePicker-day:not([data-outside])', { hasText: /^15$/ }).click();
  await dropdown.getByRole('spinbutton', { name: t(lng, 'orders:edit.hours') }).fill(hh);
  await dropdown.getByRole('spinbutton', { name: t(lng, 'orders:edit.minutes') }).fill(mm);
  await dropdown.getByRole('button', { name: t(lng, 'orders:edit.timeDone') }).click();
}

test.describe('workflow rules that hold together', () => {
  test('sv: the technician’s one-tap "Planerad" asks for the time and refuses none', async ({ browser, request }) => {
    const order = await newOrder(request, 'Kylen surrar', {
      approval_status: 'approved',
      technician_id: TECH_ID,
    });
    const page = await open(browser, 'tech', 'sv');
    await page.goto(`/orders/${order.id}`);
    await (await statusMenu(page, 'sv', order.project_number))
      .getByRole('menuitem', { name: t('sv', 'common:status.planned') })
      .click();
    const dialog = page.getByRole('dialog', {
      name: `Order ${order.project_number}: ${t('sv', 'common:status.planned')}`,
    });
    await dialog.getByRole('button', { name: t('sv', 'common:status.planned'), exact: true }).click();
    await expect(dialog).toContainText('Planerad till är obligatoriskt.');
    await pickTime(page, dialog.getByRole('button', { name: t('sv', 'orders:fields.planned_at') }), 'sv', '08', '30');
    await dialog.getByRole('button', { name: t('sv', 'common:status.planned'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('[data-status="planned"]').first()).toBeVisible();
    await expect(page.getByText(/ 08:30$/).first()).toBeVisible();
    await page.context().close();
  });

  test('fi: the one-tap "Valmis" offers a note of the work done, shown on the order and in its history', async ({
    browser,
    request,
  }) => {
    const order = await newOrder(request, 'Ovi ei sulkeudu', { approval_status: 'approved', technician_id: TECH_ID });
    const page = await open(browser, 'tech', 'fi', PHONE);
    await page.goto(`/orders/${order.id}`);
    await (await statusMenu(page, 'fi', order.project_number))
      .getByRole('menuitem', { name: t('fi', 'common:status.completed') })
      .click();
    const dialog = page.getByRole('dialog');
    const note = 'Vaihdettu ovipumppu ja säädetty saranat.';
    await dialog.getByRole('textbox', { name: t('fi', 'orders:fields.resolution') }).fill(note);
    await dialog.getByRole('button', { name: t('fi', 'common:status.completed'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText(note, { exact: true })).toBeVisible();
    await expect(page.getByText(`${t('fi', 'orders:history.fields.resolution')}:`)).toBeVisible();
    await page.context().close();
  });

  test('fi: a rejected order offers the technician no status, and says why', async ({ browser, request }) => {
    const order = await newOrder(request, 'Hylätty työ', { technician_id: TECH_ID });
    await (await as(request, 'chainAdmin')).put(`/api/orders/${order.id}`, { approval_status: 'rejected' });
    const page = await open(browser, 'tech', 'fi');
    await page.goto(`/orders/${order.id}`);
    const menu = await statusMenu(page, 'fi', order.project_number);
    await expect(menu).toContainText(t('fi', 'orders:quick.rejectedStops'));
    await expect(menu.getByRole('menuitem')).toHaveCount(0);
    await page.context().close();
  });

  test('sv: "not fixed" on an order never approved opens a follow-up an approver can approve', async ({
    browser,
    request,
  }) => {
    // Completed before anyone decided on it.
    const order = await newOrder(request, 'Frysen larmar', { technician_id: TECH_ID });
    await (await as(request, 'admin')).put(`/api/orders/${order.id}`, { status: 'completed' });
    const store = await open(browser, 'store', 'sv', PHONE);
    await store.goto(`/orders/${order.id}`);
    await store.getByRole('button', { name: t('sv', 'orders:signOff.notFixed') }).click();
    await store.getByRole('textbox', { name: t('sv', 'orders:signOff.comment') }).fill('Larmar fortfarande på natten.');
    await store.getByRole('button', { name: t('sv', 'orders:signOff.sendNotFixed') }).click();
    const followUp = store.getByRole('link', {
      name: new RegExp(`^${t('sv', 'orders:orderNumber').replace('{{number}}', '\\d+')}$`),
    });
    await expect(followUp).toBeVisible();
    const number = Number((await followUp.textContent())?.replace(/\D/g, ''));
    await store.context().close();

    const approver = await open(browser, 'chainAdmin', 'sv');
    await approver.goto('/');
    // The approver's "waiting for your approval" holds it (its full list, newest first).
    const waiting = approver.getByRole('region', { name: t('sv', 'welcome:needs.approval.title') });
    await waiting.getByRole('link', { name: /^Visa alla/ }).click();
    await approver
      .getByRole('link', { name: String(number), exact: true })
      .first()
      .click();
    await approver
      .getByRole('button', { name: t('sv', 'orders:quick.approveOrder').replace('{{number}}', String(number)) })
      .click();
    await expect(approver.locator('[data-approval="approved"]').first()).toBeVisible();
    await approver.context().close();
  });

  test('sv: demo data holds no rejected order that is planned, confirmed or completed', async ({ browser }) => {
    const page = await open(browser, 'admin', 'sv');
    await page.goto('/orders?approval_status=rejected&limit=100');
    const rows = page.getByRole('table').locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    for (const status of ['planned', 'confirmed', 'completed']) {
      await expect(page.getByRole('table').locator(`[data-status="${status}"]`)).toHaveCount(0);
    }
    await expect(page.getByRole('table').locator('[data-status="pending"]').first()).toBeVisible();
    await page.context().close();
  });
});
