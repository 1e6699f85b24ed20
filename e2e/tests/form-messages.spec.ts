// Issue 21 "Done when": every create and edit form of every role, in English, Swedish and Finnish,
// submitted empty and then with one bad value per validated field, shows only messages from the
// catalogues ("Store name is required."), never a validator's default text; a rule the server
// catches reads the same as when the browser catches it.

import { expect, type Locator, type Page } from '@playwright/test';
import { LOCALES, type Locale } from '@wop/shared/constants';
import { validationKey } from '@wop/shared/validation';
import type { Who } from '../support/accounts.ts';
import { sessionFile } from '../support/auth.ts';
import { LOGIN_PATHS, STORAGE_KEYS, t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

// Many pages and dialogs per test: give a loaded machine room.
test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 30_000 };

/** A validator's own (English) texts, which must never reach a user. */
const VALIDATOR_DEFAULTS =
  /too small|too big|invalid input|expected|received|must contain|invalid (string|type|email)/i;

/** "{label} {rule}." in English and Swedish, "{label}: {rule}." in Finnish, the rule from the catalogue. */
function isCatalogueMessage(lng: Locale, label: string, message: string): boolean {
  const prefix = lng === 'fi' ? `${label}: ` : `${label} `;
  if (!label || !message.startsWith(prefix) || !message.endsWith('.')) return false;
  return validationKey(message.slice(prefix.length, -1), lng) !== undefined;
}

/** Every field message the form shows, with the label of its field (the required asterisk left out). */
async function fieldMessages(form: Locator): Promise<{ label: string; message: string }[]> {
  return form.locator('.mantine-InputWrapper-error').evaluateAll((errors) =>
    errors.map((error) => {
      const label = error.closest('.mantine-InputWrapper-root')?.querySelector('.mantine-InputWrapper-label');
      let text = '';
      for (const node of Array.from(label?.childNodes ?? [])) {
        if (node instanceof HTMLElement && node.classList.contains('mantine-InputWrapper-required')) continue;
        text += node.textContent ?? '';
      }
      return { label: text.trim(), message: (error.textContent ?? '').trim() };
    }),
  );
}

/** Submits the form and checks that it shows at least `min` messages, each from the catalogues. */
async function submitAndCheck(form: Locator, lng: Locale, min: number): Promise<string[]> {
  await form.locator('button[type="submit"]').click();
  if (min > 0) await expect(form.locator('.mantine-InputWrapper-error').first()).toBeVisible(slow);
  const shown = await fieldMessages(form);
  expect(shown.length).toBeGreaterThanOrEqual(min);
  for (const { label, message } of shown) {
    expect(message, `under "${label}"`).not.toMatch(VALIDATOR_DEFAULTS);
    expect(isCatalogueMessage(lng, label, message), `"${message}" under "${label}"`).toBe(true);
  }
  return shown.map((s) => s.message);
}

/** Empties every text, e-mail, phone and password input that the user can edit. */
async function clearAll(form: Locator): Promise<void> {
  const inputs = form.locator(
    'input:not([type]):not([readonly]):not([disabled]):not([role="combobox"]), input[type="text"]:not([readonly]):not([disabled]):not([role="combobox"]), input[type="email"], input[type="tel"], input[type="password"], textarea:not([readonly])',
  );
  for (const input of await inputs.all()) if (await input.isEditable()) await input.fill('');
}

interface FormCase {
  name: string;
  who: Who;
  /** Opens the form; answers it. */
  open: (page: Page, lng: Locale) => Promise<Locator>;
  /** Label key -> a value that breaks a rule of that field (beyond "required"). */
  bad?: Record<string, string>;
  /** How many messages the empty form shows at least (0: nothing can be left empty). */
  empty?: number;
}

const dialogForm = (page: Page) => page.getByRole('dialog').locator('form');
const pageForm = (page: Page, labelKey: string, lng: Locale) =>
  page.locator('form').filter({ has: page.getByLabel(t(lng, labelKey)).first() });

async function openFromButton(page: Page, path: string, buttonKey: string, lng: Locale): Promise<Locator> {
  await page.goto(path);
  await page
    .getByRole('button', { name: t(lng, buttonKey), exact: true })
    .first()
    .click();
  return dialogForm(page);
}

/** Opens the edit dialog of the first row of a list. */
async function openFirstEdit(page: Page, path: string, lng: Locale): Promise<Locator> {
  await page.goto(path);
  await page
    .getByRole('button', { name: new RegExp(`^${t(lng, 'actions.edit')} `) })
    .first()
    .click();
  return dialogForm(page);
}

async function openPath(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  return dialogForm(page);
}

const long = (n: number) => 'x'.repeat(n + 1);

const CASES: FormCase[] = [
  // Super-admin: every administration form.
  {
    name: 'order create (super-admin)',
    who: 'superAdmin',
    open: async (page, lng) => {
      await page.goto('/orders/create');
      return pageForm(page, 'orders:fields.description', lng);
    },
    bad: { 'orders:fields.description': long(5000) },
  },
  {
    name: 'order edit (super-admin)',
    who: 'superAdmin',
    open: (page, lng) => openFirstEdit(page, '/orders', lng),
    empty: 0,
  },
  {
    name: 'chain create',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/chains', 'chains:create', lng),
    bad: { 'chains:fields.email': 'not-an-address' },
  },
  {
    name: 'chain edit',
    who: 'superAdmin',
    open: (page, lng) => openFirstEdit(page, '/chains', lng),
    bad: { 'chains:fields.email': 'not-an-address' },
  },
  {
    name: 'region create',
    who: 'superAdmin',
    open: (page) => openPath(page, '/chains/1/regions/create'),
    bad: { 'regions:fields.phone': '12345', 'regions:fields.email': 'a@b' },
  },
  {
    name: 'region edit',
    who: 'superAdmin',
    open: (page) => openPath(page, '/chains/1/regions/1/update'),
    bad: { 'regions:fields.phone': '12345', 'regions:fields.email': 'a@b' },
  },
  {
    name: 'store create',
    who: 'superAdmin',
    open: (page) => openPath(page, '/chains/1/stores/create'),
    bad: { 'stores:fields.phone': '08-1234', 'stores:fields.email': 'not-an-address' },
  },
  {
    name: 'store edit',
    who: 'superAdmin',
    open: (page) => openPath(page, '/chains/1/stores/1/update'),
    bad: { 'stores:fields.phone': '1234', 'stores:fields.email': 'not-an-address' },
  },
  {
    name: 'user create',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/users', 'users:create', lng),
    bad: { 'users:fields.email': 'not-an-address', 'users:fields.password': '123' },
  },
  {
    name: 'user edit',
    who: 'superAdmin',
    open: (page, lng) => openFirstEdit(page, '/users', lng),
    bad: { 'users:fields.email': 'not-an-address', 'users:fields.password': '123' },
  },
  {
    name: 'role create',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/roles', 'roles:create', lng),
    bad: { 'roles:fields.title': long(100) },
  },
  {
    name: 'role edit',
    who: 'superAdmin',
    open: (page, lng) => openFirstEdit(page, '/roles', lng),
    bad: { 'roles:fields.title': long(100) },
  },
  {
    name: 'work type create',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/work-types', 'worktypes:create', lng),
    bad: { 'worktypes:fields.title': long(120), 'worktypes:fields.titleSv': long(120) },
  },
  {
    name: 'work type edit',
    who: 'superAdmin',
    open: (page, lng) => openFirstEdit(page, '/work-types', lng),
    bad: { 'worktypes:fields.title': long(120), 'worktypes:fields.titleFi': long(120) },
  },
  {
    name: 'order status create',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/order-status', 'orderstatus:create', lng),
    bad: { 'orderstatus:fields.title': long(100) },
  },
  {
    name: 'order status edit',
    who: 'superAdmin',
    open: (page, lng) => openFirstEdit(page, '/order-status', lng),
    bad: { 'orderstatus:fields.title': long(100) },
  },
  {
    name: 'category create',
    who: 'superAdmin',
    open: async (page, lng) => {
      await page.goto('/upload-files/create');
      return pageForm(page, 'files:fields.description', lng);
    },
    bad: { 'files:fields.title': long(255), 'files:fields.categoryName': long(255) },
  },
  {
    name: 'category edit',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/upload-files', 'files:addFiles', lng),
    bad: { 'files:fields.title': long(255) },
  },
  {
    name: 'store import',
    who: 'superAdmin',
    open: (page, lng) => openFromButton(page, '/stores/import', 'imports:stores.import', lng),
  },
  {
    name: 'user bulk update',
    who: 'superAdmin',
    open: async (page, lng) => {
      await page.goto('/users/bulk-update');
      return pageForm(page, 'imports:fields.dataFile', lng);
    },
  },
  {
    name: 'account profile',
    who: 'superAdmin',
    open: async (page, lng) => {
      await page.goto('/account');
      return pageForm(page, 'account:profile.name', lng);
    },
    bad: { 'account:profile.phone': long(50) },
  },
  {
    name: 'account password',
    who: 'superAdmin',
    open: async (page, lng) => {
      await page.goto('/account');
      return pageForm(page, 'account:password.new', lng);
    },
    bad: { 'account:password.new': '123', 'account:password.confirm': '1234' },
  },
  {
    name: 'order chat',
    who: 'superAdmin',
    open: async (page, lng) => {
      await page.goto('/orders/1');
      return pageForm(page, 'chat:message', lng);
    },
  },
  // The forms whose fields follow the role.
  {
    name: 'order create (admin)',
    who: 'admin',
    open: async (page, lng) => {
      await page.goto('/orders/create');
      return pageForm(page, 'orders:fields.description', lng);
    },
  },
  {
    name: 'order create (chain-admin)',
    who: 'chainAdmin',
    open: async (page, lng) => {
      await page.goto('/orders/create');
      return pageForm(page, 'orders:fields.description', lng);
    },
  },
  {
    name: 'order create (regional director)',
    who: 'director',
    open: async (page, lng) => {
      await page.goto('/orders/create');
      return pageForm(page, 'orders:fields.description', lng);
    },
  },
  {
    name: 'order create (store manager)',
    who: 'store',
    open: async (page, lng) => {
      await page.goto('/orders/create');
      return pageForm(page, 'orders:fields.description', lng);
    },
  },
  {
    name: 'order edit (chain-admin)',
    who: 'chainAdmin',
    open: (page, lng) => openFirstEdit(page, '/orders', lng),
    empty: 0,
  },
  { name: 'order edit (technician)', who: 'tech', open: (page, lng) => openFirstEdit(page, '/orders', lng), empty: 0 },
  {
    name: 'region create (chain-admin)',
    who: 'chainAdmin',
    open: (page, lng) => openFromButton(page, '/regions', 'regions:create', lng),
    bad: { 'regions:fields.phone': '12345' },
  },
  {
    name: 'store create (chain-admin)',
    who: 'chainAdmin',
    open: (page, lng) => openFromButton(page, '/stores', 'stores:create', lng),
    bad: { 'stores:fields.phone': '1234' },
  },
  {
    name: 'store edit (chain-admin)',
    who: 'chainAdmin',
    open: (page, lng) => openFirstEdit(page, '/stores', lng),
    bad: { 'stores:fields.phone': 'abc' },
  },
  {
    name: 'user edit (chain-admin)',
    who: 'chainAdmin',
    open: (page, lng) => openFirstEdit(page, '/users', lng),
    bad: { 'users:fields.password': '123' },
  },
  {
    name: 'user create (chain-admin)',
    who: 'chainAdmin',
    open: (page, lng) => openFromButton(page, '/users', 'users:create', lng),
    bad: { 'users:fields.email': 'not-an-address' },
  },
  {
    name: 'account profile (technician)',
    who: 'tech',
    open: async (page, lng) => {
      await page.goto('/account');
      return pageForm(page, 'account:profile.name', lng);
    },
  },
];

/** The interface language for every page the test opens. */
async function useLanguage(page: Page, lng: Locale): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [STORAGE_KEYS.language, lng] as const);
}

/** One form: opened empty, submitted, then given one bad value per validated field and submitted again. */
async function checkForm(page: Page, formCase: FormCase, lng: Locale): Promise<void> {
  const form = await formCase.open(page, lng);
  await expect(form.locator('button[type="submit"]')).toBeVisible(slow);
  await clearAll(form);
  await submitAndCheck(form, lng, formCase.empty ?? 1);
  if (!formCase.bad) return;
  for (const [labelKey, value] of Object.entries(formCase.bad)) {
    await form.getByLabel(t(lng, labelKey)).first().fill(value);
  }
  await submitAndCheck(form, lng, Object.keys(formCase.bad).length);
  // Each bad field has a message of its own, not "is required".
  const shown = await fieldMessages(form);
  for (const labelKey of Object.keys(formCase.bad)) {
    const label = t(lng, labelKey);
    const message = shown.find((s) => s.label === label)?.message;
    expect(message, `a message under "${label}"`).toBeDefined();
  }
}

/**
 * Every form in every language. The forms of one role are checked in one page, a few per test, each
 * as a step of its own (the report names the form): a new browser context per form would cost more
 * than the form itself.
 */
const FORMS_PER_TEST = 6;
function batches(): { who: Who; cases: FormCase[] }[] {
  const byRole = new Map<Who, FormCase[]>();
  for (const formCase of CASES) byRole.set(formCase.who, [...(byRole.get(formCase.who) ?? []), formCase]);
  return [...byRole].flatMap(([who, cases]) =>
    Array.from({ length: Math.ceil(cases.length / FORMS_PER_TEST) }, (_, i) => ({
      who,
      cases: cases.slice(i * FORMS_PER_TEST, (i + 1) * FORMS_PER_TEST),
    })),
  );
}

for (const lng of LOCALES) {
  test.describe(`form messages in ${lng}`, () => {
    for (const batch of batches()) {
      test.describe(() => {
        test.use({ storageState: sessionFile(batch.who) });

        test(`${batch.cases.map((c) => c.name).join(', ')}: empty and bad values show catalogue messages`, async ({
          page,
        }) => {
          await useLanguage(page, lng);
          for (const formCase of batch.cases) {
            await test.step(formCase.name, () => checkForm(page, formCase, lng));
          }
        });
      });
    }
  });

  test(`login form in ${lng}: empty shows catalogue messages at each step`, async ({ page }) => {
    await page.goto(LOGIN_PATHS[lng]);
    const form = page.locator('form');
    // E-mail first: an empty address is the only message; the password step follows a known address.
    expect(await submitAndCheck(form, lng, 1)).toHaveLength(1);
    await form.locator('input[type="email"], input[name="email"]').first().fill('store@example.com');
    await form.locator('button[type="submit"]').click();
    await expect(form.locator('input[type="password"]')).toBeVisible(slow);
    expect(await submitAndCheck(form, lng, 1)).toHaveLength(1);
  });
}

test.describe('a rule the server catches reads as the browser would say it', () => {
  test.use({ storageState: sessionFile('superAdmin') });

  for (const lng of LOCALES) {
    test(`taken e-mail in the user form, ${lng}`, async ({ page }) => {
      await useLanguage(page, lng);
      const form = await openFromButton(page, '/users', 'users:create', lng);
      await form.getByRole('textbox', { name: t(lng, 'users:fields.name'), exact: true }).fill('Dubbel Användare');
      await form.getByRole('textbox', { name: t(lng, 'users:fields.email'), exact: true }).fill('admin@example.com');
      await form.getByRole('textbox', { name: t(lng, 'users:fields.phone_no'), exact: true }).fill('0701234567');
      await form.getByRole('textbox', { name: t(lng, 'users:fields.password'), exact: true }).fill('secret123');
      await form.getByRole('combobox', { name: t(lng, 'users:fields.role'), exact: true }).click();
      await page.getByRole('option', { name: t(lng, 'users:roleNames.technician'), exact: true }).click();
      const [message] = await submitAndCheck(form, lng, 1);
      const label = t(lng, 'users:fields.email');
      expect(message).toBe(
        lng === 'fi'
          ? `${label}: jo käytössä.`
          : lng === 'sv'
            ? `${label} används redan.`
            : `${label} has already been taken.`,
      );
    });
  }
});
