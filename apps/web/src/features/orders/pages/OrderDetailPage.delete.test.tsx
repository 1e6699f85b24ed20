import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '@wop/shared/orders';
import type { RoleSlug } from '@wop/shared/roles';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { LocationProbe, makeOrder, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { OrderDetailPage } from './OrderDetailPage.tsx';

const ORDER: OrderDetail = {
  ...makeOrder({ project_number: 10234, approval_status: 'pending', status: 'pending', planned_at: null, version: 1 }),
  documents: [],
  history: [],
  phone_in: null,
};

const envelope = (payload: unknown, message: string | null = null) => ({ body: { message, payload } });

function setup(role: RoleSlug, route = '/orders/7') {
  signIn();
  const fetchMock = mockApi({
    'GET /api/orders/7': envelope(ORDER),
    'DELETE /api/orders/7': envelope(null, 'Order deleted successfully.'),
    'GET /api/orders/7/messages': envelope({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0 }),
    'GET /api/orders/7/unreadmessages': envelope({ message_count: 0 }),
  });
  const user = userEvent.setup();
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(role)}>
      <Routes>
        <Route path="/orders/:orderId" element={<OrderDetailPage />} />
        <Route path="/chains/1/orders/:orderId" element={<OrderDetailPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </CurrentUserContext.Provider>,
    { route },
  );
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(
      ([url, init]) => (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname === path,
    );
  return { user, calls };
}

describe('order detail: delete', () => {
  it.each<RoleSlug>(['super-admin', 'admin', 'chain-admin', 'regional-director'])(
    'lets a %s delete the order after confirming, then shows the list',
    async (role) => {
      const { user, calls } = setup(role);
      await user.click(await screen.findByRole('button', { name: 'Delete' }));

      const dialog = await screen.findByRole('dialog', { name: 'Delete Order 10234?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByTestId('location')).toHaveTextContent(/^\/orders$/);
      expect(await screen.findByText('Success - Order deleted successfully.')).toBeInTheDocument();
      expect(calls('DELETE', '/api/orders/7')).toHaveLength(1);
      // The deleted order is not asked for again (it would only answer 404).
      expect(calls('GET', '/api/orders/7')).toHaveLength(1);
    },
  );

  it('keeps the order when the confirmation is cancelled', async () => {
    const { user, calls } = setup('admin');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Order 10234?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { name: 'Order 10234' })).toBeInTheDocument();
    expect(calls('DELETE', '/api/orders/7')).toHaveLength(0);
  });

  it('goes back to the chain’s orders when deleted under a chain', async () => {
    const { user } = setup('chain-admin', '/chains/1/orders/7');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Order 10234?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/chains\/1\/orders$/);
  });

  it.each<RoleSlug>(['store-manager', 'technician'])('offers no delete to a %s', async (role) => {
    setup(role);
    expect(await screen.findByRole('heading', { name: 'Order 10234' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
