import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSlug } from '@wop/shared/roles';
import type { Store } from '@wop/shared/stores';
import { describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { StoreFormDialog } from './StoreFormDialog.tsx';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const envelope = (payload: unknown, message: string | null = null) => ({ body: { message, payload } });

/** A chain with 30 regions, "Region 01" to "Region 30": more than the dropdown's 20. */
const REGIONS = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  region_name: `Region ${String(i + 1).padStart(2, '0')}`,
  chain_id: 1,
}));
const CHAIN = { id: 1, chain_name: 'Norrgården Livs', has_region: 1 as const };

const STORE: Store = {
  id: 9,
  store_name: 'Norrgården Haga',
  phone: '0812345678',
  email: null,
  invoice_address: 'Hagagatan 2',
  contact_person: 'Hanna',
  chain_id: 1,
  region_id: 27,
  chain: CHAIN,
  region: { id: 27, region_name: 'Region 27' },
  city: 'Göteborg',
  lat: null,
  lng: null,
  created_at: '2026-01-01T10:00:00Z',
};

function setup({ role = 'admin', storeId }: { role?: RoleSlug; storeId?: number } = {}) {
  signIn();
  const fetchMock = mockApi({
    'GET /api/chains': envelope({ data: [CHAIN], current_page: 1, last_page: 1, per_page: 1000, total: 1 }),
    // As the server answers: q searches the name, limit cuts the page.
    'GET /api/chains/1/regions': ({ url }) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const limit = Number(url.searchParams.get('limit'));
      const found = REGIONS.filter((r) => r.region_name.toLowerCase().includes(q));
      return envelope({
        data: found.slice(0, limit),
        current_page: 1,
        last_page: 1,
        per_page: limit,
        total: found.length,
      });
    },
    'GET /api/stores/9': envelope(STORE),
    'POST /api/stores': envelope({ ...STORE, id: 10 }, 'Store created successfully.'),
    'PUT /api/stores/9': envelope(STORE, 'Store updated successfully.'),
  });
  const onClose = vi.fn();
  const user = userEvent.setup();
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(role)}>
      <StoreFormDialog opened storeId={storeId} lockedChainId={storeId ? undefined : 1} onClose={onClose} />
    </CurrentUserContext.Provider>,
  );
  const regionCalls = () =>
    fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://x'))
      .filter((url) => url.pathname === '/api/chains/1/regions');
  const bodyOf = (method: string, path: string) => {
    const call = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === method && new URL(String(url), 'http://x').pathname === path,
    );
    return call ? JSON.parse(String(call[1]?.body)) : undefined;
  };
  return { user, onClose, regionCalls, bodyOf };
}

describe('store form: region', () => {
  it('loads the first 20 regions and finds a later one on the server by what is typed', async () => {
    const { user, onClose, regionCalls, bodyOf } = setup();
    const region = await screen.findByRole('combobox', { name: 'Region' });
    expect(await screen.findByText('Showing the first 20 of 30 regions. Type to find the others.')).toBeInTheDocument();
    expect(regionCalls()[0].searchParams.get('limit')).toBe('20');

    await user.click(region);
    expect(await screen.findByRole('option', { name: 'Region 20' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Region 28' })).not.toBeInTheDocument();

    await user.type(region, '28');
    await user.click(await screen.findByRole('option', { name: 'Region 28' }));
    expect(regionCalls().some((url) => url.searchParams.get('q') === '28')).toBe(true);
    expect(region).toHaveValue('Region 28');

    await user.type(screen.getByRole('textbox', { name: 'Store name' }), 'Norrgården Kista');
    await user.type(screen.getByRole('textbox', { name: 'Contact person' }), 'Kim');
    await user.type(screen.getByRole('textbox', { name: /Phone/ }), '0812345678');
    await user.type(screen.getByRole('textbox', { name: 'Invoice address' }), 'Kistagången 1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf('POST', '/api/stores')).toMatchObject({ chain_id: 1, region_id: 28, city: '' });
  });

  it('shows the store’s own region even when it is not among the first 20, and keeps it on save', async () => {
    const { user, onClose, bodyOf } = setup({ storeId: 9 });
    const region = await screen.findByRole('combobox', { name: 'Region' });
    expect(region).toHaveValue('Region 27');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Göteborg');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodyOf('PUT', '/api/stores/9')).toMatchObject({ region_id: 27, city: 'Göteborg' });
  });

  it('says when no region matches', async () => {
    const { user } = setup();
    const region = await screen.findByRole('combobox', { name: 'Region' });
    await user.type(region, 'Lappland');
    expect(await screen.findByText('No regions found')).toBeInTheDocument();
  });
});
