import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSlug } from '@wop/shared/roles';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { LocationProbe, makeDashboard, makeUser, mockApi, renderWithProviders, signIn } from '../../test/utils.tsx';
import { AppRoutes, type PageMap } from './AppRoutes.tsx';
import { PAGES, type PageComponent } from './pages.ts';

const fakePage = (text: string) => lazy(async () => ({ default: () => <p>{text}</p> }));

/** The real pages plus stand-ins for feature pages other engineers add later. */
const pages: PageMap = {
  ...PAGES,
  orders: fakePage('Orders list page'),
  'order-detail': fakePage('Order detail page'),
  'order-create': fakePage('Order create page'),
  roles: fakePage('Roles page'),
  'chain-dashboard': fakePage('Chain dashboard page'),
};

function renderAs(role: RoleSlug | 'janitor', route: string) {
  signIn();
  mockApi({
    'GET /api/profile': { body: { message: null, payload: makeUser(role as RoleSlug) } },
    'GET /api/orderstatus/all': {
      body: { message: null, payload: { data: [{ id: 1, title: 'Pending', slug: 'pending' }] } },
    },
    'GET /api/orders': {
      body: { message: null, payload: { data: [], current_page: 1, last_page: 1, per_page: 1, total: 3 } },
    },
    'GET /api/dashboard': { body: { message: null, payload: makeDashboard({ open_by_status: { pending: 3 } }) } },
  });
  return renderWithProviders(
    <>
      <AppRoutes pages={pages} />
      <LocationProbe />
    </>,
    { route },
  );
}

const NOT_FOUND = 'The page you are looking for can not be found';
const FORBIDDEN = 'You do not have access to this page';

describe('routes by role', () => {
  it('shows a page the role has', async () => {
    renderAs('super-admin', '/roles');
    expect(await screen.findByText('Roles page')).toBeInTheDocument();
  });

  it('says forbidden, not "not found", for a page the role does not have', async () => {
    renderAs('store-manager', '/roles');
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument();
    expect(screen.getByText('403')).toBeInTheDocument();
    expect(screen.queryByText(NOT_FOUND)).not.toBeInTheDocument();
    expect(screen.queryByText('Roles page')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Orders' })).toHaveAttribute('href', '/orders');
  });

  it('keeps order creation from a technician', async () => {
    renderAs('technician', '/orders/create');
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument();
  });

  it('matches /orders/{id} on digits only', async () => {
    renderAs('technician', '/orders/42');
    expect(await screen.findByText('Order detail page')).toBeInTheDocument();
  });

  it('shows not-found for a non-numeric order id', async () => {
    renderAs('technician', '/orders/abc');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('accepts chain ids of up to 9 digits', async () => {
    renderAs('admin', '/chains/123456789');
    expect(await screen.findByText('Chain dashboard page')).toBeInTheDocument();
  });

  it('refuses chain ids longer than 9 digits', async () => {
    renderAs('admin', '/chains/1234567890');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('shows unknown paths as not found', async () => {
    renderAs('admin', '/no/such/page');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
  });

  it('gives a role outside the six no routes', async () => {
    renderAs('janitor', '/account');
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument();
  });

  it('shows roles without a welcome page the order list at /, and the address follows to /orders', async () => {
    renderAs('admin', '/');
    expect(await screen.findByText('Orders list page')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders$/));
    expect(screen.getByText('Orders list page')).toBeInTheDocument();
  });

  it('shows the welcome page at / for a store manager, with open orders per status', async () => {
    renderAs('store-manager', '/');
    expect(await screen.findByRole('heading', { name: /Alex/ })).toBeInTheDocument();
    expect(await screen.findByText('3 open orders')).toBeInTheDocument();
  });
});

describe('the chain dashboard', () => {
  const chain = (hasRegion: 0 | 1) => ({
    id: 1,
    chain_name: 'Citymarket',
    phone: '+358 40 123 4567',
    email: 'info@citymarket.example',
    invoice_address: 'Main street 1',
    contact_person: 'Eva',
    has_region: hasRegion,
    regions_count: hasRegion,
    stores_count: 0,
    created_at: '2026-01-01T00:00:00Z',
  });
  const emptyPage = { message: null, payload: { data: [], current_page: 1, last_page: 1, per_page: 25, total: 0 } };

  function openChain(role: RoleSlug, route: string, hasRegion: 0 | 1 = 1) {
    signIn();
    mockApi({
      'GET /api/profile': { body: { message: null, payload: makeUser(role) } },
      'GET /api/chains/1': { body: { message: null, payload: chain(hasRegion) } },
      'GET /api/chains/1/regions': { body: emptyPage },
    });
    return renderWithProviders(
      <>
        <AppRoutes />
        <LocationProbe />
      </>,
      { route },
    );
  }

  it("opens a tab's dialog from its own path below the tabs, and closing it goes back to the tab's list", async () => {
    const user = userEvent.setup();
    openChain('admin', '/chains/1/regions/create');
    expect(await screen.findByRole('dialog', { name: 'New region' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Regions' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/chains\/1\/regions$/));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the regions tab of a chain without regions as not found, below its tabs', async () => {
    openChain('admin', '/chains/1/regions', 0);
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Information' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Regions' })).not.toBeInTheDocument();
  });

  it('shows a non-numeric id under a tab as not found', async () => {
    openChain('admin', '/chains/1/regions/abc/update');
    expect(await screen.findByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says forbidden under every tab to a role without the chain dashboard', async () => {
    openChain('store-manager', '/chains/1/stores/create');
    expect(await screen.findByText(FORBIDDEN)).toBeInTheDocument();
  });
});

describe('the shell', () => {
  it("shows the role's menu plus the common entries, and New order where the role may create orders", async () => {
    renderAs('store-manager', '/account');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Orders',
      'Create order',
      'Assets',
      'Maintenance plans',
      'Manuals and information',
      'Emergency numbers',
      'Alex TesterMy account',
    ]);
    expect(screen.getByRole('link', { name: 'New order' })).toHaveAttribute('href', '/orders/create');
  });

  it('has no New order button for a technician and no dashboard for an admin', async () => {
    renderAs('technician', '/account');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(screen.queryByRole('link', { name: 'New order' })).not.toBeInTheDocument();
  });

  it("gives the super-admin its ten menu entries (the spec's eight, the asset register and the maintenance plans)", async () => {
    renderAs('super-admin', '/account');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels.slice(0, 10)).toEqual([
      'Chains',
      'Users',
      'Roles',
      'Work types',
      'Order statuses',
      'Orders',
      'Assets',
      'Maintenance plans',
      'Import stores',
      'Bulk update users',
    ]);
    expect(labels).not.toContain('Dashboard');
  });
});

describe('signed out and failing profile', () => {
  it('remembers the path and redirects to login while logged out', async () => {
    mockApi({});
    renderWithProviders(
      <>
        <AppRoutes pages={pages} />
        <LocationProbe />
      </>,
      { route: '/orders/42?tab=files' },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login');
    expect(window.localStorage.getItem(STORAGE_KEYS.returnTo)).toBe('/orders/42?tab=files');
  });

  it('shows the not-found page with a link to Login when not logged in', async () => {
    const { NotFoundPage } = await import('../../components/NotFoundPage.tsx');
    renderWithProviders(<NotFoundPage />);
    expect(screen.getByText(NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  it('shows the maintenance screen when the profile call answers 500, and recovers on Refresh', async () => {
    signIn();
    let status = 500;
    mockApi({
      'GET /api/profile': () =>
        status === 500
          ? { status: 500, body: { message: 'Server Error' } }
          : { body: { message: null, payload: makeUser('admin') } },
    });
    renderWithProviders(<AppRoutes pages={pages} />, { route: '/account' });
    const refresh = await screen.findByRole('button', { name: 'Refresh' });
    expect(screen.getByText("We'll be right back")).toBeInTheDocument();
    status = 200;
    await userEvent.click(refresh);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeInTheDocument();
  });

  it('signs out when the profile call answers 401', async () => {
    signIn();
    mockApi({ 'GET /api/profile': { status: 401, body: { message: 'Unauthenticated.' } } });
    renderWithProviders(
      <>
        <AppRoutes pages={pages} />
        <LocationProbe />
      </>,
      { route: '/account' },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
  });
});

describe('loading the page asked for', () => {
  it('starts fetching the page of the address while the profile loads, and only that page', async () => {
    const preloaded: string[] = [];
    const spy = (name: string, text: string): PageComponent =>
      Object.assign(fakePage(text), { preload: vi.fn(async () => preloaded.push(name)) });
    signIn();
    mockApi({ 'GET /api/profile': { body: { message: null, payload: makeUser('store-manager') } } });
    renderWithProviders(
      <AppRoutes
        pages={{
          ...pages,
          'order-create': spy('create', 'Order create page'),
          'order-detail': spy('detail', 'Detail'),
        }}
      />,
      { route: '/orders/create' },
    );
    expect(preloaded).toEqual(['create']);
    expect(await screen.findByText('Order create page')).toBeInTheDocument();
    expect(new Set(preloaded)).toEqual(new Set(['create']));
  });
});
