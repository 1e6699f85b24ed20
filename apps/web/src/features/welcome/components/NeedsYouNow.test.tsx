import { screen, within } from '@testing-library/react';
import type { RoleSlug } from '@wop/shared/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { NeedsYouNow } from './NeedsYouNow.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const page = (data: ReturnType<typeof makeOrder>[], total = data.length) => ({
  body: { message: null, payload: { data, total, current_page: 1, last_page: 1, per_page: 6 } },
});

function renderAs(role: RoleSlug, answer: ReturnType<typeof page> | { status: number; body: unknown }) {
  signIn();
  const fetchMock = mockApi({ 'GET /api/orders': answer });
  renderWithProviders(<NeedsYouNow />, { user: makeUser(role) });
  return fetchMock;
}

const askedFor = (fetchMock: ReturnType<typeof mockApi>) =>
  Object.fromEntries(new URL(String(fetchMock.mock.calls[0][0]), 'http://localhost').searchParams);

describe('what needs me now on the home page', () => {
  it('shows an approver the orders awaiting approval, oldest first, with a link to all of them', async () => {
    const fetchMock = renderAs(
      'chain-admin',
      page([makeOrder({ id: 3, project_number: 10003, approval_status: 'pending', priority: 10 })], 9),
    );
    const section = await screen.findByRole('region', { name: 'Waiting for your approval' });
    const row = await within(section).findByRole('link', { name: /10003 · Norrgården Södermalm/ });
    expect(row).toHaveAttribute('href', '/orders/3');
    expect(within(row).getByText('ASAP (48 h)')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'See all 9' })).toHaveAttribute(
      'href',
      '/orders?approval_status=pending&open=true',
    );
    expect(askedFor(fetchMock)).toMatchObject({
      approval_status: 'pending',
      open: 'true',
      sort_by: 'created_at',
      sort_order: 'asc',
    });
  });

  it('shows a technician the next jobs by planned time, and says which are overdue or unplanned', async () => {
    const fetchMock = renderAs(
      'technician',
      page([
        makeOrder({ id: 1, project_number: 10001, overdue: true }),
        makeOrder({ id: 2, project_number: 10002, planned_at: null }),
      ]),
    );
    const section = await screen.findByRole('region', { name: 'Your next jobs' });
    const [first, second] = await within(section).findAllByRole('link');
    expect(first).toHaveTextContent('10001');
    expect(first).toHaveTextContent('Planned 10 Mar 2025');
    expect(within(first).getByText('Overdue')).toBeInTheDocument();
    expect(second).toHaveTextContent('Not planned yet');
    expect(within(section).queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
    expect(askedFor(fetchMock)).toMatchObject({ open: 'true', sort_by: 'planned_at', sort_order: 'asc' });
  });

  it('shows a store manager the orders with replies waiting first', async () => {
    renderAs(
      'store-manager',
      page([makeOrder({ id: 1, project_number: 10001 }), makeOrder({ id: 2, project_number: 10002, unread_count: 2 })]),
    );
    const section = await screen.findByRole('region', { name: 'Your open orders' });
    const [first, second] = await within(section).findAllByRole('link');
    expect(first).toHaveTextContent('10002');
    expect(within(first).getByText('2 new messages')).toBeInTheDocument();
    expect(second).toHaveTextContent('10001');
  });

  it('says when nothing needs the user', async () => {
    renderAs('regional-director', page([]));
    expect(await screen.findByText('No order is waiting for your approval.')).toBeInTheDocument();
  });

  it('says so and offers a retry when the orders cannot be loaded', async () => {
    renderAs('store-manager', { status: 500, body: { message: 'Server error.' } });
    expect(await screen.findByText('What needs you now could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
