import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderDetail } from '@wop/shared/orders';
import type { RoleSlug } from '@wop/shared/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { makeOrder, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { OrderEditDialog } from './OrderEditDialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const PLANNED_AT = '2025-03-10T08:00:00.000Z';
const COMPLETED_AT = '2025-03-12T14:30:00.000Z';

function order(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    ...makeOrder({ planned_at: PLANNED_AT, completed_at: COMPLETED_AT }),
    documents: [],
    history: [],
    phone_in: null,
    ...overrides,
  };
}

const envelope = (payload: unknown) => ({ body: { message: null, payload } });
const STATUSES = ['pending', 'planned', 'confirmed', 'revisit-required', 'completed'].map((slug, i) => ({
  id: i + 1,
  slug,
  title: slug,
  label: { pending: 'Pending', planned: 'Planned', confirmed: 'Confirmed', completed: 'Completed' }[slug] ?? 'Revisit',
}));

function setup(role: RoleSlug, detail: OrderDetail = order(), put: Parameters<typeof mockApi>[0][string] = {}) {
  signIn();
  const fetchMock = mockApi({
    'GET /api/orders/7': envelope(detail),
    'GET /api/orderstatus/all': envelope({
      data: STATUSES,
      current_page: 1,
      last_page: 1,
      per_page: 100,
      total: STATUSES.length,
    }),
    'GET /api/orders/priority': envelope({
      priorities: { '10': 'ASAP (within 48 hours)', '20': 'Within 2 weeks', '30': 'Within 2 months' },
    }),
    'GET /api/orders/options': envelope({
      chains: [],
      regions: [],
      stores: [],
      technicians: [
        { id: 31, name: 'Tomas Tekniker' },
        { id: 32, name: 'Teemu Teknikko' },
      ],
      assets: [
        { id: 41, tag: 'SOD-FRZ-01', name: 'Frysö 1', store_id: 1 },
        { id: 42, tag: 'SOD-DOOR-01', name: 'Entrédörr', store_id: 1 },
      ],
    }),
    'PUT /api/orders/7': put,
  });
  const onClose = vi.fn();
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(role)}>
      <OrderEditDialog orderId={7} opened onClose={onClose} />
    </CurrentUserContext.Provider>,
  );
  return { fetchMock, onClose, user: userEvent.setup() };
}

const select = (name: string) => screen.queryByRole('combobox', { name });
const calls = (fetchMock: ReturnType<typeof mockApi>, path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET').toUpperCase() === method,
  );
/** The options asked for the technician list (those with a store_id ask for its assets). */
const technicianCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  calls(fetchMock, '/api/orders/options').filter(
    ([url]) => !new URL(String(url), 'http://localhost').searchParams.has('store_id'),
  );
const sentBody = (fetchMock: ReturnType<typeof mockApi>) =>
  JSON.parse(String(calls(fetchMock, '/api/orders/7', 'PUT')[0]?.[1]?.body));

async function pick(user: ReturnType<typeof userEvent.setup>, name: string, option: string) {
  const input = select(name);
  if (!input) throw new Error(`No select labelled ${name}`);
  await user.click(input);
  await user.click(await screen.findByRole('option', { name: option }));
}

const ok = { body: { message: 'Order updated successfully.', payload: order() } };

describe('order edit dialog: fields by role', () => {
  it.each(['super-admin', 'admin'] as const)(
    '%s sets priority, approval, technician, status and dates; the technician list loads',
    async (role) => {
      const { fetchMock, user } = setup(role);
      await waitFor(() => expect(select('Priority')).toHaveValue('Within 2 weeks'));
      expect(select('Approval status')).toHaveValue('Approved');
      expect(select('Status')).toBeInTheDocument();
      expect(screen.getByText('Planned for')).toBeInTheDocument();
      await waitFor(() => expect(technicianCalls(fetchMock)).toHaveLength(1));
      await user.click(select('Technician') as HTMLElement);
      const list = await screen.findByRole('listbox');
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Tomas Tekniker', 'Teemu Teknikko']);
    },
  );

  it('chain-admin sets priority, approval, status and dates but assigns no technician', async () => {
    const { fetchMock } = setup('chain-admin');
    await waitFor(() => expect(select('Priority')).toBeInTheDocument());
    expect(select('Approval status')).toBeInTheDocument();
    expect(select('Status')).toBeInTheDocument();
    expect(screen.getByText('Planned for')).toBeInTheDocument();
    expect(select('Technician')).toBeNull();
    expect(technicianCalls(fetchMock)).toHaveLength(0);
  });

  it('regional-director sets priority, approval and status, without dates or technician', async () => {
    const { fetchMock } = setup('regional-director');
    await waitFor(() => expect(select('Priority')).toBeInTheDocument());
    expect(select('Approval status')).toBeInTheDocument();
    expect(select('Status')).toBeInTheDocument();
    expect(screen.queryByText('Planned for')).toBeNull();
    expect(select('Technician')).toBeNull();
    expect(technicianCalls(fetchMock)).toHaveLength(0);
  });

  it('technician sets status and dates only, and sends only those', async () => {
    const { fetchMock, onClose, user } = setup('technician', order(), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    expect(screen.getByText('Planned for')).toBeInTheDocument();
    expect(select('Priority')).toBeNull();
    expect(select('Approval status')).toBeNull();
    expect(select('Technician')).toBeNull();
    expect(technicianCalls(fetchMock)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({ status: 'planned', planned_at: PLANNED_AT });
  });

  it('technician names the asset of the order from its store, and sends only that change', async () => {
    const { fetchMock, onClose, user } = setup('technician', order(), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    await pick(user, 'Asset', 'Entrédörr · SOD-DOOR-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({ status: 'planned', planned_at: PLANNED_AT, asset_id: 42 });
    const asked = calls(fetchMock, '/api/orders/options').map(([url]) => new URL(String(url), 'http://localhost'));
    expect(new Set(asked.map((u) => u.searchParams.get('store_id')))).toEqual(new Set(['1']));
  });

  it('store-manager can change nothing', async () => {
    setup('store-manager');
    expect(await screen.findByText('Your role cannot change this order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });
});

describe('order edit dialog: what is sent', () => {
  it('sends planned_at for planned and revisit-required, and no completed_at', async () => {
    const { fetchMock, onClose, user } = setup('admin', order({ status: 'planned' }), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    await pick(user, 'Status', 'Revisit');
    expect(screen.getByText('Planned for')).toBeInTheDocument();
    expect(screen.queryByText('Completed at')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      status: 'revisit-required',
      priority: 20,
      approval_status: 'approved',
      planned_at: PLANNED_AT,
    });
  });

  it('sends completed_at only for completed', async () => {
    const { fetchMock, onClose, user } = setup('chain-admin', order({ status: 'planned' }), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    await pick(user, 'Status', 'Completed');
    expect(screen.getByText('Completed at')).toBeInTheDocument();
    expect(screen.queryByText('Planned for')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = sentBody(fetchMock);
    expect(body).toMatchObject({ status: 'completed', completed_at: COMPLETED_AT });
    expect(body).not.toHaveProperty('planned_at');
  });

  it('sends no dates for other statuses, and drops an empty technician', async () => {
    const { fetchMock, onClose, user } = setup('super-admin', order({ status: 'confirmed' }), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Confirmed'));
    expect(screen.queryByText('Planned for')).toBeNull();
    expect(screen.queryByText('Completed at')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({ status: 'confirmed', priority: 20, approval_status: 'approved' });
  });

  it('sends the chosen technician, and the status goes back to pending', async () => {
    const { fetchMock, onClose, user } = setup('admin', order({ status: 'confirmed' }), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Confirmed'));
    await waitFor(() => expect(technicianCalls(fetchMock)).toHaveLength(1));
    await pick(user, 'Technician', 'Teemu Teknikko');
    expect(select('Status')).toHaveValue('Pending');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      status: 'pending',
      priority: 20,
      approval_status: 'approved',
      technician_id: 32,
    });
  });

  it('lists every 422 message in an alert box and stays open', async () => {
    const { onClose, user } = setup('admin', order(), {
      status: 422,
      body: {
        message: 'status: does not exist',
        errors: { status: ['does not exist'], planned_at: ['must be a valid date', 'Must not be before the order.'] },
      },
    });
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const title = await screen.findByText('Please correct the following:');
    const box = title.closest('[role="alert"]') as HTMLElement;
    expect(box).not.toBeNull();
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Status does not exist.', 'Planned for must be a valid date.', 'Must not be before the order.']);
    expect(onClose).not.toHaveBeenCalled();
  });
});

const sentHeaders = (fetchMock: ReturnType<typeof mockApi>, n = 0) =>
  calls(fetchMock, '/api/orders/7', 'PUT')[n]?.[1]?.headers as Record<string, string>;

describe('order edit dialog: a completed order and the technician', () => {
  const completed = order({
    status: 'completed',
    status_label: 'Completed',
    technician_id: 31,
    technician_name: 'Tomas Tekniker',
  });

  it('keeps the technician and the status when the chosen technician is clicked again', async () => {
    const { fetchMock, onClose, user } = setup('admin', completed, ok);
    await waitFor(() => expect(select('Technician')).toHaveValue('Tomas Tekniker'));
    await pick(user, 'Technician', 'Tomas Tekniker');
    expect(select('Technician')).toHaveValue('Tomas Tekniker');
    expect(select('Status')).toHaveValue('Completed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toEqual({
      status: 'completed',
      priority: 20,
      approval_status: 'approved',
      completed_at: COMPLETED_AT,
    });
  });

  it('does not re-open it when the technician is cleared: it asks for a new status and sends nothing', async () => {
    const { fetchMock, onClose, user } = setup('admin', completed, ok);
    await waitFor(() => expect(select('Technician')).toHaveValue('Tomas Tekniker'));
    const clear = (select('Technician') as HTMLElement).parentElement?.querySelector('button');
    await user.click(clear as HTMLElement);
    expect(select('Technician')).toHaveValue('');
    expect(select('Status')).toHaveValue('Completed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This order is completed. Choose a new status to reopen it before changing the technician.',
      ),
    ).toBeInTheDocument();
    expect(calls(fetchMock, '/api/orders/7', 'PUT')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    // Choosing a status re-opens it deliberately.
    await pick(user, 'Status', 'Revisit');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ status: 'revisit-required', technician_id: null });
  });

  it('sends a status chosen before the technician with it', async () => {
    const { fetchMock, onClose, user } = setup('admin', order({ status: 'pending' }), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Pending'));
    await waitFor(() => expect(technicianCalls(fetchMock)).toHaveLength(1));
    await pick(user, 'Status', 'Confirmed');
    await pick(user, 'Technician', 'Teemu Teknikko');
    expect(select('Status')).toHaveValue('Confirmed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock)).toMatchObject({ status: 'confirmed', technician_id: 32 });
  });
});

describe('order edit dialog: someone else saved first', () => {
  const theirs = order({
    status: 'completed',
    status_label: 'Completed',
    priority: 10,
    priority_label: 'ASAP (within 48 hours)',
    version: 4,
    updated_at: '2025-03-07T08:00:00.000Z',
  });

  it('sends the version it opened as If-Match', async () => {
    const { fetchMock, onClose, user } = setup('technician', order(), ok);
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentHeaders(fetchMock)['If-Match']).toBe('"3"');
  });

  it('shows their changes next to what the user chose, keeps it, and applies it again on the new version', async () => {
    let puts = 0;
    const { fetchMock, onClose, user } = setup('admin', order(), () =>
      ++puts === 1
        ? {
            status: 412,
            body: {
              message: 'Someone else changed this order. Review their changes and apply yours again.',
              payload: theirs,
            },
          }
        : ok,
    );
    await waitFor(() => expect(select('Status')).toHaveValue('Planned'));
    await pick(user, 'Status', 'Confirmed');
    await pick(user, 'Priority', 'Within 2 months');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const table = await screen.findByRole('table', { name: 'Someone else changed this order' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Saved by them', 'Yours'],
      ['Priority', 'ASAP (within 48 hours)', 'Within 2 months'],
      ['Status', 'Completed', 'Confirmed'],
    ]);
    // What the user chose is still in the form, and the dialog stays open.
    expect(select('Status')).toHaveValue('Confirmed');
    expect(select('Priority')).toHaveValue('Within 2 months');
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Apply my changes again' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentHeaders(fetchMock, 1)['If-Match']).toBe('"4"');
    expect(JSON.parse(String(calls(fetchMock, '/api/orders/7', 'PUT')[1]?.[1]?.body))).toMatchObject({
      status: 'confirmed',
      priority: 30,
    });
  });
});
