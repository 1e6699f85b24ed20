import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@wop/shared/orders';
import type { RoleSlug } from '@wop/shared/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeOrder, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { OrderQuickActions } from './OrderQuickActions.tsx';
import { OrderQuickButton } from './OrderQuickButton.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const STATUSES = [
  { id: 1, slug: 'pending', title: 'Pending', label: 'Pending' },
  { id: 2, slug: 'planned', title: 'Planned', label: 'Planned' },
  { id: 5, slug: 'completed', title: 'Completed', label: 'Completed' },
];

function setup(
  role: RoleSlug,
  order: Order,
  put: { status?: number; body: unknown } = { body: { message: 'Saved.' } },
  Component = OrderQuickActions,
) {
  signIn();
  const fetchMock = mockApi({
    'GET /api/orderstatus/all': { body: { message: null, payload: { data: STATUSES, total: 3 } } },
    'PUT /api/orders/7': put,
    'GET /api/orders/options': {
      body: {
        message: null,
        payload: {
          chains: [],
          regions: [],
          stores: [],
          technicians: [
            { id: 11, name: 'Tomas Tekniker' },
            { id: 12, name: 'Teemu Teknikko' },
          ],
        },
      },
    },
  });
  renderWithProviders(<Component order={order} />, { user: makeUser(role) });
  return { fetchMock, user: userEvent.setup() };
}

/** The PUTs sent: their body and If-Match. */
const puts = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)),
      ifMatch: new Headers(init?.headers).get('If-Match'),
    }));

/** The menu that opened, once its items (some loaded when it opens) read `items`. */
async function menuWith(items: string[]) {
  const menu = await screen.findByRole('menu');
  await waitFor(() =>
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(items),
  );
  return menu;
}

describe('one-click order actions', () => {
  it('lets an approver approve an order awaiting approval in one click, against the version shown', async () => {
    const { fetchMock, user } = setup('chain-admin', makeOrder({ approval_status: 'pending', version: 4 }));
    await user.click(screen.getByRole('button', { name: 'Approve order 10042' }));
    expect(await screen.findByText('Success - Order 10042 approved.')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([{ body: { approval_status: 'approved' }, ifMatch: '"4"' }]);
  });

  it('asks before rejecting, and sends nothing when the user cancels', async () => {
    const { fetchMock, user } = setup('regional-director', makeOrder({ approval_status: 'pending' }));
    await user.click(screen.getByRole('button', { name: 'Reject order 10042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject order 10042?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(puts(fetchMock)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reject order 10042' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Success - Order 10042 rejected.')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([{ body: { approval_status: 'rejected' }, ifMatch: '"3"' }]);
  });

  it('shows no approval buttons once the order is decided, nor to a technician', async () => {
    setup('chain-admin', makeOrder({ approval_status: 'approved' }));
    expect(screen.queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    setup('technician', makeOrder({ approval_status: 'pending' }));
    expect(screen.queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
  });

  it('asks for the time when planning, and offers a note of the work done when completing', async () => {
    const { fetchMock, user } = setup('technician', makeOrder({ status: 'pending', planned_at: null }));
    await user.click(screen.getByRole('button', { name: 'Set the status of order 10042' }));
    const menu = await menuWith(['Planned', 'Completed']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Planned' }));
    const plan = await screen.findByRole('dialog', { name: 'Order 10042: Planned' });
    await user.click(within(plan).getByRole('button', { name: 'Planned' }));
    expect(await within(plan).findByText('Planned for is required.')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([]);
    await user.click(within(plan).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Set the status of order 10042' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Completed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark order 10042 completed?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Work done' }), 'Replaced the fan motor.');
    await user.click(within(dialog).getByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(puts(fetchMock)).toHaveLength(1));
    expect(puts(fetchMock).map((p) => p.body)).toEqual([
      { status: 'completed', resolution: 'Replaced the fan motor.' },
    ]);
  });

  it('plans at the time the order already has, in one confirmation', async () => {
    const { fetchMock, user } = setup('technician', makeOrder({ status: 'confirmed' }));
    await user.click(screen.getByRole('button', { name: 'Set the status of order 10042' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Planned' }));
    const plan = await screen.findByRole('dialog', { name: 'Order 10042: Planned' });
    await user.click(within(plan).getByRole('button', { name: 'Planned' }));
    expect(await screen.findByText('Success - Order 10042 is now Planned.')).toBeInTheDocument();
    expect(puts(fetchMock).map((p) => p.body)).toEqual([{ status: 'planned', planned_at: '2025-03-10T08:00:00.000Z' }]);
  });

  it('offers a rejected order no status and says why, and no Reject on a completed order', async () => {
    const { user } = setup('technician', makeOrder({ status: 'pending', approval_status: 'rejected' }));
    await user.click(screen.getByRole('button', { name: 'Set the status of order 10042' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryAllByRole('menuitem')).toEqual([]);
    expect(menu).toHaveTextContent('The order is rejected');
    vi.unstubAllGlobals();
    setup('chain-admin', makeOrder({ status: 'completed', approval_status: 'pending' }));
    expect(screen.getAllByRole('button', { name: 'Approve order 10042' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Reject order 10042' })).not.toBeInTheDocument();
  });

  it('asks before re-opening a completed order', async () => {
    const { user } = setup('admin', makeOrder({ status: 'completed' }));
    await user.click(screen.getByRole('button', { name: 'Set the status of order 10042' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pending' }));
    expect(await screen.findByRole('dialog', { name: 'Re-open order 10042?' })).toHaveTextContent(
      'The order is completed. Setting it to Pending opens it again.',
    );
  });

  it('says so when someone else changed the order first', async () => {
    const { user } = setup('admin', makeOrder({ approval_status: 'pending' }), {
      status: 412,
      body: { message: 'Someone else saved this order first.', payload: makeOrder({ version: 4 }) },
    });
    await user.click(screen.getByRole('button', { name: 'Approve order 10042' }));
    expect(await screen.findByText(/Someone else saved this order first/)).toBeInTheDocument();
    expect(screen.queryByText('Success - Order 10042 approved.')).not.toBeInTheDocument();
  });

  it('offers the same changes from a list row as one small menu, loaded and opened by one click', async () => {
    const order = makeOrder({ approval_status: 'pending', status: 'pending' });
    const { fetchMock, user } = setup('admin', order, undefined, OrderQuickButton);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quick changes to order 10042' }));
    const menu = await menuWith(['Approve', 'Reject', 'Planned', 'Completed', 'Tomas Tekniker', 'Teemu Teknikko']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Approve' }));
    expect(await screen.findByText('Success - Order 10042 approved.')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([{ body: { approval_status: 'approved' }, ifMatch: '"3"' }]);
  });

  it('lets an admin assign another technician, or none, loading the list when the menu opens', async () => {
    const { fetchMock, user } = setup('admin', makeOrder({ technician_id: 11, technician_name: 'Tomas Tekniker' }));
    const optionsCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/orders/options'));
    expect(optionsCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Assign a technician to order 10042' }));
    const menu = await menuWith(['Teemu Teknikko', 'No technician']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Teemu Teknikko' }));
    expect(await screen.findByText('Success - Order 10042 assigned to Teemu Teknikko.')).toBeInTheDocument();
    expect(puts(fetchMock)).toEqual([{ body: { technician_id: 12 }, ifMatch: '"3"' }]);
  });

  it('offers no technician change to a chain-admin, nor on a completed order', async () => {
    setup('chain-admin', makeOrder());
    expect(screen.queryByRole('button', { name: /Assign a technician/ })).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    setup('super-admin', makeOrder({ status: 'completed' }));
    expect(screen.queryByRole('button', { name: /Assign a technician/ })).not.toBeInTheDocument();
  });
});
