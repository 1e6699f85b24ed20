import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@wop/shared/api';
import type { RoleSlug } from '@wop/shared/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { chooseOption, listedOptions, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { UserFormDialog } from './UserFormDialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const envelope = (payload: unknown) => ({ body: { message: null, payload } });
const page = (data: unknown[]) => envelope({ data, current_page: 1, last_page: 1, per_page: 1000, total: data.length });

const ROLES = ['super-admin', 'admin', 'chain-admin', 'regional-director', 'store-manager', 'technician'].map(
  (slug, i) => ({ id: i + 1, title: slug, slug }),
);
const chain = (id: number, chain_name: string, has_region: 0 | 1) => ({
  id,
  chain_name,
  has_region,
  phone: '0701740605',
  email: `chain${id}@example.com`,
  invoice_address: 'Box 1',
  contact_person: 'Contact',
});
const CHAINS = [chain(2, 'Kotimarket Oy', 0), chain(1, 'Norrgården Livs', 1)];
const REGIONS: Record<number, { id: number; region_name: string; chain_id: number }[]> = {
  1: [
    { id: 1, region_name: 'Stockholm', chain_id: 1 },
    { id: 2, region_name: 'Göteborg', chain_id: 1 },
  ],
  2: [],
};
// Sorted by name, as the server answers.
const STORES = [
  { id: 3, store_name: 'Kotimarket Kallio', chain_id: 2, region_id: null },
  { id: 2, store_name: 'Norrgården Haga', chain_id: 1, region_id: 2 },
  { id: 1, store_name: 'Norrgården Södermalm', chain_id: 1, region_id: 1 },
];

type Handlers = Parameters<typeof mockApi>[0];

function setup({
  me = 'admin',
  userId = null,
  handlers = {},
}: {
  me?: RoleSlug;
  userId?: number | null;
  handlers?: Handlers;
} = {}) {
  signIn();
  const fetchMock = mockApi({
    'GET /api/roles': page(ROLES),
    'GET /api/chains': page(CHAINS),
    'GET /api/chains/1/regions': page(REGIONS[1]),
    'GET /api/chains/2/regions': page(REGIONS[2]),
    'GET /api/stores': ({ url }) => {
      const chainId = Number(url.searchParams.get('chain_id'));
      const regionId = Number(url.searchParams.get('region_id')) || null;
      return page(STORES.filter((s) => s.chain_id === chainId && (!regionId || s.region_id === regionId)));
    },
    'POST /api/users': { status: 201, body: { message: 'User created successfully.', payload: {} } },
    ...handlers,
  });
  const onClose = vi.fn();
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(me)}>
      <UserFormDialog opened userId={userId} onClose={onClose} />
    </CurrentUserContext.Provider>,
  );
  return { fetchMock, onClose, user: userEvent.setup() };
}

type Ui = ReturnType<typeof userEvent.setup>;
const box = (name: string) => screen.queryByRole('combobox', { name }) ?? screen.queryByRole('textbox', { name });
const must = (name: string) => {
  const found = box(name);
  if (!found) throw new Error(`No field labelled ${name}`);
  return found;
};

/** Opens a select or multiselect and picks an option by its text. */
const pick = async (user: Ui, name: string, option: string) =>
  chooseOption(user, await waitFor(() => must(name)), option);

const optionsOf = async (user: Ui, name: string) => listedOptions(user, await waitFor(() => must(name)));

/** The chosen values of a multiselect, as the pills show them. */
const pills = (name: string) =>
  Array.from(
    must(name).closest('.mantine-MultiSelect-root')?.querySelectorAll('.mantine-Pill-label') ?? [],
    (p) => p.textContent,
  );

const sentBody = (fetchMock: ReturnType<typeof mockApi>, method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === method);
  return JSON.parse(String(call?.[1]?.body));
};

/** Types by pasting: a keystroke at a time re-renders the whole form and is slow. */
async function fill(user: Ui, input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

async function fillBasics(user: Ui) {
  await fill(user, must('Name'), 'Nina Nilsson');
  await fill(user, must('Email'), 'nina@example.com');
  await fill(user, must('Phone'), '0701234567');
  await fill(user, screen.getByLabelText(/^Password/), 'secret99');
}

describe('user dialog: the entity fields follow the role', () => {
  it('a store manager gets a store list of the chosen chain (and region)', async () => {
    const { fetchMock, onClose, user } = setup();
    await waitFor(() => expect(must('Role')).toBeInTheDocument());
    expect(box('Chain')).toBeNull();
    await pick(user, 'Role', 'Store manager');
    expect(must('Stores')).toBeDisabled();
    expect(box('Regions')).toBeNull();
    await pick(user, 'Chain', 'Norrgården Livs');
    await waitFor(() => expect(must('Region')).toBeInTheDocument());
    expect(await optionsOf(user, 'Stores')).toEqual(['Norrgården Haga', 'Norrgården Södermalm']);
    await pick(user, 'Region', 'Göteborg');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).includes('region_id=2'))).toBe(true));
    expect(await optionsOf(user, 'Stores')).toEqual(['Norrgården Haga']);
    await pick(user, 'Stores', 'Norrgården Haga');
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST')).toEqual({
      name: 'Nina Nilsson',
      email: 'nina@example.com',
      phone_no: '0701234567',
      password: 'secret99',
      role: 'store-manager',
      entity_type: 'store',
      entity_id: [2],
    });
  });

  it('a store manager of a chain without regions gets no region selector', async () => {
    const { user } = setup();
    await pick(user, 'Role', 'Store manager');
    await pick(user, 'Chain', 'Kotimarket Oy');
    await waitFor(() => expect(must('Stores')).toBeEnabled());
    expect(box('Region')).toBeNull();
    expect(await optionsOf(user, 'Stores')).toEqual(['Kotimarket Kallio']);
  });

  it('a chain admin gets a chain list and may be tied to several chains', async () => {
    const { fetchMock, onClose, user } = setup();
    await pick(user, 'Role', 'Chain admin');
    expect(box('Stores')).toBeNull();
    expect(box('Regions')).toBeNull();
    await pick(user, 'Chains', 'Norrgården Livs');
    await pick(user, 'Chains', 'Kotimarket Oy');
    expect(pills('Chains')).toEqual(['Norrgården Livs', 'Kotimarket Oy']);
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST')).toMatchObject({ role: 'chain-admin', entity_type: 'chain', entity_id: [1, 2] });
  });

  it('a regional director gets a region list of the chosen chain', async () => {
    const { fetchMock, onClose, user } = setup();
    await pick(user, 'Role', 'Regional director');
    expect(box('Stores')).toBeNull();
    expect(must('Regions')).toBeDisabled();
    await pick(user, 'Chain', 'Norrgården Livs');
    await waitFor(() => expect(must('Regions')).toBeEnabled());
    expect(await optionsOf(user, 'Regions')).toEqual(['Stockholm', 'Göteborg']);
    await pick(user, 'Regions', 'Stockholm');
    await pick(user, 'Regions', 'Göteborg');
    await fillBasics(user);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'POST')).toMatchObject({
      role: 'regional-director',
      entity_type: 'region',
      entity_id: [1, 2],
    });
  });

  it('asks for the entity the role needs only after a submit attempt', async () => {
    const { fetchMock, user } = setup();
    await pick(user, 'Role', 'Regional director');
    await fillBasics(user);
    expect(screen.queryByText(/is required/i)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(/is required/i)).toHaveLength(2);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('a chain admin may create only store managers and regional directors', async () => {
    const { user } = setup({ me: 'chain-admin' });
    await waitFor(() => expect(must('Role')).toBeInTheDocument());
    expect(await optionsOf(user, 'Role')).toEqual(['Regional director', 'Store manager']);
  });
});

describe('user dialog: dependent selections are cleared', () => {
  it('changing the role clears the entity selections', async () => {
    const { user } = setup();
    await pick(user, 'Role', 'Store manager');
    await pick(user, 'Chain', 'Norrgården Livs');
    await pick(user, 'Stores', 'Norrgården Södermalm');
    expect(pills('Stores')).toEqual(['Norrgården Södermalm']);
    await pick(user, 'Role', 'Regional director');
    expect(must('Chain')).toHaveValue('');
    expect(pills('Regions')).toEqual([]);
    await pick(user, 'Role', 'Chain admin');
    expect(pills('Chains')).toEqual([]);
    await pick(user, 'Chains', 'Kotimarket Oy');
    await pick(user, 'Role', 'Store manager');
    expect(must('Chain')).toHaveValue('');
    expect(must('Stores')).toBeDisabled();
  });

  it('a chain admin with a single chain keeps it preselected when the role changes', async () => {
    const { user } = setup({ me: 'chain-admin', handlers: { 'GET /api/chains': page([CHAINS[1]]) } });
    await pick(user, 'Role', 'Store manager');
    expect(must('Chain')).toHaveValue('Norrgården Livs');
    await pick(user, 'Region', 'Stockholm');
    await pick(user, 'Role', 'Regional director');
    expect(must('Chain')).toHaveValue('Norrgården Livs');
    expect(pills('Regions')).toEqual([]);
  });

  it('changing the chain clears region and store; changing the region clears the store', async () => {
    const { user } = setup();
    await pick(user, 'Role', 'Store manager');
    await pick(user, 'Chain', 'Norrgården Livs');
    await pick(user, 'Region', 'Stockholm');
    await pick(user, 'Stores', 'Norrgården Södermalm');
    await pick(user, 'Region', 'Göteborg');
    expect(pills('Stores')).toEqual([]);
    await pick(user, 'Stores', 'Norrgården Haga');
    await pick(user, 'Chain', 'Kotimarket Oy');
    expect(box('Region')).toBeNull();
    expect(pills('Stores')).toEqual([]);
    await pick(user, 'Chain', 'Norrgården Livs');
    expect(must('Region')).toHaveValue('');
  });
});

describe('user dialog: password', () => {
  const existing: User = makeUser('regional-director', {
    id: 12,
    name: 'Rita Region',
    email: 'rita@example.com',
    entity_type: 'region',
    entity_id: 1,
    entities_ids: [1],
    entities_data: [{ id: 1, region_name: 'Stockholm', chain_id: 1 }],
  });
  /** The dialog on that user, once its values are in. */
  async function openExisting() {
    const opened = setup({
      userId: 12,
      handlers: {
        'GET /api/users/12': envelope(existing),
        'PUT /api/users/12': { body: { message: 'User updated successfully.', payload: existing } },
      },
    });
    await waitFor(() => expect(must('Name')).toHaveValue('Rita Region'));
    return opened;
  }

  it('is not sent on update when left empty', async () => {
    const { fetchMock, onClose, user } = await openExisting();
    expect(must('Chain')).toHaveValue('Norrgården Livs');
    await waitFor(() => expect(pills('Regions')).toEqual(['Stockholm']));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = sentBody(fetchMock, 'PUT');
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({ role: 'regional-director', entity_type: 'region', entity_id: [1] });
  });

  it('is sent on update when filled', async () => {
    const { fetchMock, onClose, user } = await openExisting();
    await fill(user, screen.getByLabelText(/^Password/), 'newsecret');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentBody(fetchMock, 'PUT')).toMatchObject({ password: 'newsecret' });
  });

  it('is required when creating a user', async () => {
    const { user } = setup();
    await waitFor(() => expect(must('Role')).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const password = screen.getByLabelText(/^Password/).closest('.mantine-PasswordInput-root') as HTMLElement;
    expect(await within(password).findByText('Password is required.')).toBeInTheDocument();
  });
});
