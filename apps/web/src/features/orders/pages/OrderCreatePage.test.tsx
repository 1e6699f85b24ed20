import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@wop/shared/api';
import type { OrderOptions } from '@wop/shared/orders';
import type { RoleSlug } from '@wop/shared/roles';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import {
  chooseOption,
  LocationProbe,
  listedOptions,
  makeUser,
  mockApi,
  renderWithProviders,
  signIn,
} from '../../../test/utils.tsx';
import { OrderCreatePage } from './OrderCreatePage.tsx';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const NORR = { id: 1, chain_name: 'Norrgården Livs', has_region: true };
const KOTI = { id: 2, chain_name: 'Kotimarket Oy', has_region: false };
const REGIONS = [
  { id: 1, region_name: 'Stockholm', chain_id: 1 },
  { id: 2, region_name: 'Göteborg', chain_id: 1 },
];
const STORES = [
  { id: 1, store_name: 'Norrgården Södermalm', chain_id: 1, region_id: 1 },
  { id: 2, store_name: 'Norrgården Haga', chain_id: 1, region_id: 2 },
  { id: 3, store_name: 'Kotimarket Kallio', chain_id: 2, region_id: null },
];

const envelope = (payload: unknown) => ({ body: { message: null, payload } });
const page = (data: unknown[]) => envelope({ data, current_page: 1, last_page: 1, per_page: 100, total: data.length });

/** GET /api/orders/options as the server answers it: the caller's scope, filtered by chain and region. */
function options(scope: Pick<OrderOptions, 'chains' | 'regions' | 'stores'>) {
  return ({ url }: { url: URL }) => {
    const chain = Number(url.searchParams.get('chain_id')) || null;
    const region = Number(url.searchParams.get('region_id')) || null;
    return envelope({
      chains: scope.chains,
      regions: scope.regions.filter((r) => !chain || r.chain_id === chain),
      stores: scope.stores.filter((s) => (!chain || s.chain_id === chain) && (!region || s.region_id === region)),
      technicians: [],
    });
  };
}

function setup(
  role: RoleSlug,
  scope: Pick<OrderOptions, 'chains' | 'regions' | 'stores'>,
  extra: Record<string, Parameters<typeof mockApi>[0][string]> = {},
  userOverrides: Partial<User> = {},
) {
  signIn();
  const fetchMock = mockApi({
    'GET /api/orders/options': options(scope),
    'GET /api/worktypes': page([
      { id: 1, title: 'Electricity', slug: 'electricity' },
      { id: 2, title: 'Refrigeration', slug: 'refrigeration' },
    ]),
    'GET /api/orders/priority': envelope({
      priorities: { '10': 'ASAP (within 48 hours)', '20': 'Within 2 weeks', '30': 'Within 2 months' },
    }),
    'GET /api/orders/projectnumber': envelope({ project_number: 10234 }),
    ...extra,
  });
  const { unmount } = renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(role, userOverrides)}>
      <Routes>
        <Route path="/orders/create" element={<OrderCreatePage />} />
        <Route path="/orders/:id" element={<LocationProbe />} />
      </Routes>
    </CurrentUserContext.Provider>,
    { route: '/orders/create' },
  );
  return { fetchMock, unmount, user: userEvent.setup() };
}

/** A text field or a select, by its label. */
const queryField = (name: string) =>
  screen.queryByRole('combobox', { name }) ?? screen.queryByRole('textbox', { name });
const field = (name: string) => {
  const found = queryField(name);
  if (!found) throw new Error(`No field labelled ${name}`);
  return found;
};

/** Opens a select and picks an option by its text. */
const pick = (user: ReturnType<typeof userEvent.setup>, name: string, option: string) =>
  chooseOption(user, field(name), option);
const optionsOf = (user: ReturnType<typeof userEvent.setup>, name: string) => listedOptions(user, field(name));

const calls = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);

const sent = (fetchMock: ReturnType<typeof mockApi>) => {
  const [, init] = calls(fetchMock, '/api/orders').find(([, i]) => i?.method === 'POST') ?? [];
  if (!(init?.body instanceof FormData)) throw new Error('No order was sent');
  return Object.fromEntries(init.body.entries());
};

async function fillCommon(user: ReturnType<typeof userEvent.setup>) {
  await pick(user, 'Work type', 'Refrigeration');
  await pick(user, 'Priority', 'Within 2 weeks');
  await user.type(field('Description'), 'Freezer 3 is leaking');
}

describe('order form for a store manager', () => {
  it('shows the read-only project number and a store selector from their own stores, no chain and no approval', async () => {
    const { fetchMock, user } = setup('store-manager', {
      chains: [NORR],
      regions: [],
      stores: STORES.slice(0, 2),
    });
    // The server's number, shown as text: not a field to type in (nor the first stop of the keyboard).
    await waitFor(() => expect(screen.getByTestId('project-number')).toHaveTextContent('Project number: 10234'));
    expect(queryField('Project number')).toBeNull();
    expect(calls(fetchMock, '/api/orders/projectnumber')).toHaveLength(1);
    expect(await optionsOf(user, 'Store')).toEqual(['Norrgården Södermalm', 'Norrgården Haga']);
    expect(queryField('Chain')).toBeNull();
    expect(queryField('Region')).toBeNull();
    expect(queryField('Approval status')).toBeNull();
  });

  it('has their only store preselected', async () => {
    setup('store-manager', { chains: [NORR], regions: [], stores: STORES.slice(0, 1) });
    await waitFor(() => expect(field('Store')).toHaveValue('Norrgården Södermalm'));
  });

  it('shows the required checks only after a submit attempt, and sends nothing', async () => {
    const { fetchMock, user } = setup('store-manager', { chains: [NORR], regions: [], stores: STORES.slice(0, 2) });
    await waitFor(() => expect(screen.getByTestId('project-number')).toHaveTextContent('10234'));
    expect(screen.queryByText(/is required/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByText('Store is required.')).toBeInTheDocument();
    expect(screen.getByText('Work type is required.')).toBeInTheDocument();
    expect(screen.getByText('Priority is required.')).toBeInTheDocument();
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(screen.queryByText('Chain is required.')).toBeNull();
    expect(screen.queryByText('Approval status is required.')).toBeNull();
    expect(calls(fetchMock, '/api/orders').filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
  });

  it('sends the order and opens it in its confirmation mode at /orders/{id}', async () => {
    const { fetchMock, user } = setup(
      'store-manager',
      { chains: [NORR], regions: [], stores: STORES.slice(0, 2) },
      {
        'POST /api/orders': {
          status: 201,
          body: { message: 'Order created successfully.', payload: { id: 57, project_number: 10234 } },
        },
      },
    );
    await pick(user, 'Store', 'Norrgården Haga');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders/57');
    expect(sent(fetchMock)).toEqual({
      store_id: '2',
      worktype_id: '2',
      priority: '20',
      description: 'Freezer 3 is leaking',
    });
  });

  it('keeps what was typed after a 422 and shows the messages under the fields', async () => {
    const { user } = setup(
      'store-manager',
      { chains: [NORR], regions: [], stores: STORES.slice(0, 2) },
      {
        'POST /api/orders': {
          status: 422,
          body: {
            message: 'description: is too long',
            errors: { description: ['is too long'], store_id: ['is not one of your stores'] },
          },
        },
      },
    );
    await pick(user, 'Store', 'Norrgården Haga');
    await fillCommon(user);
    const toasts = vi.spyOn(notifications, 'show');
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByText('is too long.')).toBeInTheDocument();
    // One toast (and one error sound) for one failure: the app's query client reports nothing more.
    expect(toasts.mock.calls.map(([toast]) => toast.message)).toEqual(['Error - is not one of your stores']);
    expect(screen.getByText('is not one of your stores.')).toBeInTheDocument();
    expect(field('Description')).toHaveValue('Freezer 3 is leaking');
    expect(field('Store')).toHaveValue('Norrgården Haga');
    expect(field('Work type')).toHaveValue('Refrigeration');
    expect(field('Priority')).toHaveValue('Within 2 weeks');
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('keeps what was typed as a draft of this user, restored when the form opens again', async () => {
    const first = setup('store-manager', { chains: [NORR], regions: [], stores: STORES.slice(0, 2) });
    await fillCommon(first.user);
    first.unmount();
    setup('store-manager', { chains: [NORR], regions: [], stores: STORES.slice(0, 2) });
    expect(await screen.findByText(/^Draft from .* restored$/)).toBeInTheDocument();
    expect(field('Description')).toHaveValue('Freezer 3 is leaking');
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(field('Description')).toHaveValue('');
    expect(screen.queryByText(/^Draft from/)).toBeNull();
  });
});

describe('order form for a chain admin', () => {
  it('picks store and approval status, and sees the region selector when the chain has regions', async () => {
    const { fetchMock, user } = setup(
      'chain-admin',
      { chains: [NORR], regions: REGIONS, stores: STORES.slice(0, 2) },
      { 'POST /api/orders': { status: 201, body: { message: 'ok', payload: { id: 58, project_number: 10235 } } } },
    );
    await waitFor(() => expect(field('Region')).toBeInTheDocument());
    expect(queryField('Chain')).toBeNull();
    expect(screen.queryByTestId('project-number')).toBeNull();
    expect(calls(fetchMock, '/api/orders/projectnumber')).toHaveLength(0);
    await pick(user, 'Region', 'Göteborg');
    expect(await optionsOf(user, 'Store')).toEqual(['Norrgården Haga']);

    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByText('Approval status is required.')).toBeInTheDocument();

    await pick(user, 'Store', 'Norrgården Haga');
    await pick(user, 'Approval status', 'Approved');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders/58');
    expect(sent(fetchMock)).toMatchObject({ region_id: '2', store_id: '2', approval_status: 'approved' });
  });

  it('sees no region selector when the chain has no regions', async () => {
    const { user } = setup('chain-admin', { chains: [KOTI], regions: [], stores: STORES.slice(2) });
    await waitFor(() => expect(field('Store')).toHaveValue('Kotimarket Kallio'));
    expect(field('Approval status')).toBeInTheDocument();
    expect(queryField('Region')).toBeNull();
    expect(queryField('Chain')).toBeNull();
    expect(await optionsOf(user, 'Approval status')).toEqual(['Awaiting approval', 'Approved', 'Rejected']);
  });
});

describe('order form for a regional director', () => {
  it('picks chain, store and approval status', async () => {
    const { fetchMock, user } = setup(
      'regional-director',
      { chains: [NORR], regions: REGIONS.slice(0, 1), stores: STORES.slice(0, 1) },
      { 'POST /api/orders': { status: 201, body: { message: 'ok', payload: { id: 59, project_number: 10236 } } } },
    );
    await waitFor(() => expect(field('Chain')).toHaveValue('Norrgården Livs'));
    expect(field('Store')).toBeInTheDocument();
    expect(field('Approval status')).toBeInTheDocument();
    expect(queryField('Region')).toBeNull();
    expect(screen.queryByTestId('project-number')).toBeNull();
    await pick(user, 'Approval status', 'Awaiting approval');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders/59');
    expect(sent(fetchMock)).toMatchObject({ chain_id: '1', store_id: '1', approval_status: 'pending' });
  });
});

describe.each(['super-admin', 'admin'] as const)('order form for %s', (role) => {
  it('picks chain, then a store of that chain; no approval status, no region', async () => {
    const { fetchMock, user } = setup(
      role,
      { chains: [KOTI, NORR], regions: REGIONS, stores: STORES },
      { 'POST /api/orders': { status: 201, body: { message: 'ok', payload: { id: 60, project_number: 10237 } } } },
    );
    await waitFor(() => expect(field('Chain')).toBeInTheDocument());
    expect(field('Store')).toBeDisabled();
    expect(queryField('Approval status')).toBeNull();
    expect(queryField('Region')).toBeNull();
    expect(screen.queryByTestId('project-number')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByText('Chain is required.')).toBeInTheDocument();
    expect(screen.queryByText('Approval status is required.')).toBeNull();

    await pick(user, 'Chain', 'Norrgården Livs');
    await waitFor(() => expect(field('Store')).toBeEnabled());
    expect(await optionsOf(user, 'Store')).toEqual(['Norrgården Södermalm', 'Norrgården Haga']);
    await pick(user, 'Store', 'Norrgården Södermalm');
    await fillCommon(user);
    await user.click(screen.getByRole('button', { name: 'Send order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/orders/60');
    const body = sent(fetchMock);
    expect(body).toMatchObject({ chain_id: '1', store_id: '1' });
    expect(body).not.toHaveProperty('approval_status');
  });
});
