import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSlug } from '@wop/shared/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type MockResponse,
  makeDashboard,
  makeUser,
  mockApi,
  renderWithProviders,
  signIn,
} from '../../../test/utils.tsx';
import { OpenOrders } from './OpenOrders.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STATUSES = [
  { id: 1, slug: 'pending', title: 'Pending' },
  { id: 2, slug: 'planned', title: 'Planned' },
  { id: 3, slug: 'waiting-parts', title: 'Waiting for parts' },
  { id: 4, slug: 'completed', title: 'Completed' },
];
const statusPage = { body: { payload: { data: STATUSES, total: 4, current_page: 1, last_page: 1, per_page: 100 } } };
const dashboard = (openByStatus: Record<string, number>) => ({
  body: { payload: makeDashboard({ open_by_status: openByStatus }) },
});

function renderAs(role: RoleSlug, handlers: Parameters<typeof mockApi>[0]) {
  signIn();
  const fetchMock = mockApi(handlers);
  renderWithProviders(<OpenOrders />, { user: makeUser(role) });
  const paths = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname);
  return { fetchMock, paths };
}

const section = () => screen.getByRole('region', { name: 'Open orders by status' });

describe('the open orders per status on the home page', () => {
  it('takes every count from the figures, in one call, each tile opening the list of its status', async () => {
    const { paths } = renderAs('chain-admin', { 'GET /api/dashboard': dashboard({ pending: 3, planned: 2 }) });
    expect(await within(section()).findByText('5 open orders')).toBeInTheDocument();
    const pending = within(section()).getByRole('link', { name: /^Pending 3 Show Pending orders/ });
    expect(pending).toHaveAttribute('href', '/orders?status=pending');
    expect(within(section()).getByRole('link', { name: /^Planned 2 / })).toHaveAttribute(
      'href',
      '/orders?status=planned',
    );
    expect(paths()).toEqual(['/api/dashboard']);
  });

  it('names a status an admin added by its title, asking for the statuses then only', async () => {
    const { paths } = renderAs('store-manager', {
      'GET /api/dashboard': dashboard({ pending: 1, 'waiting-parts': 4 }),
      'GET /api/orderstatus/all': statusPage,
    });
    expect(await within(section()).findByRole('link', { name: /^Waiting for parts 4 / })).toHaveAttribute(
      'href',
      '/orders?status=waiting-parts',
    );
    expect(paths().sort()).toEqual(['/api/dashboard', '/api/orderstatus/all']);
  });

  it('counts each open status for a role without the figures', async () => {
    const totals: Record<string, number> = { pending: 1, planned: 6, 'waiting-parts': 0 };
    const { paths } = renderAs('technician', {
      'GET /api/orderstatus/all': statusPage,
      'GET /api/orders': ({ url }): MockResponse => ({
        body: {
          payload: { data: [], total: totals[url.searchParams.get('status') ?? ''], current_page: 1, last_page: 1 },
        },
      }),
    });
    expect(await within(section()).findByText('7 open orders')).toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: /^Planned 6 / })).toBeInTheDocument();
    expect(within(section()).getByRole('link', { name: /^Waiting for parts 0 / })).toBeInTheDocument();
    expect(within(section()).queryByRole('link', { name: /^Completed/ })).not.toBeInTheDocument();
    expect(paths()).not.toContain('/api/dashboard');
  });

  it('says when the counts could not be loaded, and shows them after a retry', async () => {
    let answers = 0;
    renderAs('regional-director', {
      'GET /api/dashboard': () =>
        ++answers === 1 ? { status: 500, body: { message: 'down' } } : dashboard({ pending: 2 }),
    });
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('The order counts could not be loaded right now.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(section()).findByText('2 open orders')).toBeInTheDocument();
    expect(within(section()).queryByRole('alert')).not.toBeInTheDocument();
  });
});
