// Sign-in through a chain's own identity provider, as people do it: the chain-admin sets the provider up
// on the chain's page, and a store manager of the chain signs in with the work account, from a deep
// link, on a phone. The provider is a real OpenID Connect provider (oidc-provider) started here.
import { expect } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../../apps/server/src/test/oidc-provider.ts';
import { apiLogin, sessionFile } from '../support/auth.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { LOGIN_PATHS, t } from '../support/i18n.ts';
import { test } from '../support/test.ts';

// Its own domain, so that the demo users of other specs keep signing in with their passwords.
const DOMAIN = 'norrgarden.test';
const CASHIER = `kassa@${DOMAIN}`;
let provider: TestProvider;

// The provider set up first, then used; axe reads whole pages, so give a busy machine time.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

test.beforeAll(async ({ playwright, baseURL }) => {
  provider = await startTestProvider(`${baseURL}/api/auth/provider/callback`);
  const request = await playwright.request.newContext({ baseURL });
  const { token } = await apiLogin(request, 'admin');
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: 'Kassa Södermalm',
      email: CASHIER,
      phone_no: '0701112233',
      password: 'not-used-1',
      role: 'store-manager',
      entity_type: 'store',
      entity_id: [1],
    },
  });
  expect([201, 422]).toContain(created.status());
  await request.dispose();
});

test.afterAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const { token } = await apiLogin(request, 'admin');
  await request.put('/api/chains/1', { headers: { authorization: `Bearer ${token}` }, data: { oidc: null } });
  await request.dispose();
  await provider?.close();
});

test.describe('the chain-admin', () => {
  test.use({ storageState: sessionFile('chainAdmin') });

  test('sets up the chain’s own sign-in on the chain’s page, testing the connection first', async ({ page }) => {
    const en = (key: string) => t('en', `chainSignIn:${key}`);
    await page.goto('/chains/1/sign-in');
    // The first page of a run loads its chunks: give a busy machine time.
    await expect(page.getByRole('heading', { name: en('title') })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/\/api\/auth\/provider\/callback$/)).toBeVisible();

    await page.getByRole('textbox', { name: en('fields.issuer') }).fill(`${provider.issuer}/wrong`);
    await page.getByRole('button', { name: en('test') }).click();
    await expect(page.getByRole('status').getByText(en('testFailed'))).toBeVisible();
    await page.getByRole('textbox', { name: en('fields.issuer') }).fill(provider.issuer);
    await page.getByRole('button', { name: en('test') }).click();
    await expect(page.getByRole('status').getByText(en('testOk'))).toBeVisible();

    await page.getByRole('textbox', { name: en('fields.client_id') }).fill(provider.clientId);
    await page.getByLabel(en('fields.client_secret')).fill(provider.clientSecret);
    const domains = page.getByRole('combobox', { name: en('fields.email_domains') });
    await domains.fill(DOMAIN);
    await domains.press('Enter');
    await page.getByRole('button', { name: t('en', 'common:actions.save') }).click();
    await expect(page.getByText(en('secretKept'))).toBeVisible();
    await expectNoSeriousViolations(page);
  });
});

test.describe('a store manager of the chain', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('signs in with the work account from a deep link, on a phone, and lands where the link pointed', async ({
    page,
  }) => {
    await page.goto('/jour-nummer');
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATHS.en}$`));
    await page.getByRole('textbox', { name: t('en', 'auth:login.email'), exact: true }).fill(CASHIER);
    await page.getByRole('button', { name: t('en', 'auth:login.continue') }).click();
    await expect(
      page.getByText(t('en', 'auth:login.providerText').replace('{{chain}}', 'Norrgården Livs')),
    ).toBeVisible();
    await expectNoSeriousViolations(page);
    // The keyboard carries on: the way to the provider has the focus.
    await expect(page.getByRole('button', { name: t('en', 'auth:login.toProvider') })).toBeFocused();
    await page.keyboard.press('Enter');

    // At the provider, the address is filled in already.
    await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(CASHIER);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Signed in: at 375 px the menu sits behind its button.
    await expect(page.getByRole('button', { name: t('en', 'nav.toggleMenu') })).toBeVisible();
    await expect(page).toHaveURL(/\/jour-nummer$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('is told in Swedish why an address without an account is refused', async ({ page }) => {
    await page.goto(LOGIN_PATHS.sv);
    await page.getByRole('textbox', { name: t('sv', 'auth:login.email'), exact: true }).fill(`nobody@${DOMAIN}`);
    await page.getByRole('button', { name: t('sv', 'auth:login.continue') }).click();
    await page.getByRole('button', { name: t('sv', 'auth:login.toProvider') }).click();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(
      `Det finns inget konto för nobody@${DOMAIN} hos Norrgården Livs. Be din administratör att skapa ett.`,
    );
    await expect(page).toHaveURL(new RegExp(`${LOGIN_PATHS.sv}$`));
  });
});
