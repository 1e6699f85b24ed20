import type { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { User } from '@wop/shared/api';
import type { Dashboard } from '@wop/shared/dashboard';
import type { Order } from '@wop/shared/orders';
import type { RoleSlug } from '@wop/shared/roles';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { CurrentUserContext } from '../lib/current-user.ts';
import { startSession } from '../lib/session.ts';

export function testQueryClient(): QueryClient {
  // The app's own client (its global error toasts included, so a test sees a doubled toast), minus retries.
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...defaults.queries, retry: false, staleTime: Infinity },
    mutations: { ...defaults.mutations, retry: false },
  });
  return client;
}

/**
 * Renders inside the real providers (test env: no transitions, no portals) and a memory router;
 * with `user`, as that signed-in user.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient, user }: { route?: string; queryClient?: QueryClient; user?: User } = {},
) {
  const client = queryClient ?? testQueryClient();
  const page = user ? <CurrentUserContext.Provider value={user}>{ui}</CurrentUserContext.Provider> : ui;
  const result = render(
    <AppProviders queryClient={client} env="test">
      <MemoryRouter initialEntries={[route]}>{page}</MemoryRouter>
    </AppProviders>,
  );
  return { ...result, queryClient: client };
}

/** Shows the router's current location, so tests can read the URL state. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The home page's figures for a scope without any order, as `GET /api/dashboard` answers them. */
export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    open_by_status: { pending: 0, planned: 0, confirmed: 0, 'revisit-required': 0 },
    awaiting_approval: 0,
    overdue: 0,
    created: 0,
    completed: 0,
    median_hours_to_complete: null,
    first_time_fix_rate: null,
    by_store: [],
    weekly: [],
    assets_attention: [],
    spend: [],
    over_nte: 0,
    time_on_site: { by_technician: [], by_store: [] },
    ...overrides,
  };
}

/** An order as the list answers it: a planned refrigeration job at a Stockholm store. */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  const order: Order = {
    id: 7,
    project_number: 10042,
    description: 'Freezer 3 is leaking',
    worktype_id: 2,
    worktype_label: 'Refrigeration',
    priority: 20,
    priority_label: 'Within 2 weeks',
    chain_id: 1,
    region_id: 1,
    store_id: 1,
    chain: { id: 1, chain_name: 'Norrgården Livs' },
    region: { id: 1, region_name: 'Stockholm' },
    store: {
      id: 1,
      store_name: 'Norrgården Södermalm',
      invoice_address: 'Götgatan 1',
      phone: '0701740605',
      lat: null,
      lng: null,
    },
    orderer: { id: 5, name: 'Sara Store' },
    approval_status: 'approved',
    approval_status_label: 'Approved',
    approval_status_date: null,
    status_id: 2,
    status: 'planned',
    status_label: 'Planned',
    technician_id: null,
    technician_name: null,
    planned_at: '2025-03-10T08:00:00.000Z',
    completed_at: null,
    resolution: null,
    due_at: '2025-03-20T08:00:00.000Z',
    overdue: false,
    created_at: '2025-03-06T08:00:00.000Z',
    updated_at: '2025-03-06T08:00:00.000Z',
    documents_count: 0,
    unread_count: 0,
    confirmed_at: null,
    parent: null,
    recall: null,
    on_site_since: null,
    time_on_site_minutes: 0,
    version: 3,
    parent_id: null,
    recall_order_id: null,
    asset_id: null,
    asset: null,
    repeat_of: null,
    plan_id: null,
    plan: null,
    nte_minor: 500_000,
    cost: { labour: 0, callout: 0, material: 0, other: 0, total: 0, currency: 'SEK' },
    quote_status: null,
    invoice_id: null,
    ...overrides,
  };
  // The ids follow the links unless a test sets them apart.
  return {
    ...order,
    parent_id: overrides.parent_id ?? order.parent?.id ?? null,
    recall_order_id: overrides.recall_order_id ?? order.recall?.id ?? null,
    asset_id: overrides.asset_id ?? order.asset?.id ?? null,
  };
}

export function makeUser(role: RoleSlug, overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Alex Tester',
    email: `${role}@example.com`,
    phone_no: '0701740605',
    role,
    role_title: role,
    role_label: role,
    entity_type: null,
    entity_id: null,
    entities_ids: [],
    entities_data: [],
    approval_limit_minor: null,
    language: 'en',
    entity_detail: null,
    ...overrides,
  };
}

export function signIn(): void {
  startSession('test-token', new Date(Date.now() + 3_600_000).toISOString());
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  /** Raw text body instead of JSON. */
  text?: string;
}
type Handler = MockResponse | ((request: { url: URL; init: RequestInit }) => MockResponse);

/**
 * Replaces fetch with a router of handlers keyed "METHOD /path" (query string ignored).
 * Unknown calls answer 404. Returns the mock to inspect calls.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const handler = handlers[key];
    const answer: MockResponse = handler
      ? typeof handler === 'function'
        ? handler({ url, init })
        : handler
      : { status: 404, body: { message: `No mock for ${key}` } };
    const status = answer.status ?? 200;
    const payload = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    return new Response(status === 204 ? null : payload, {
      status,
      headers: { 'Content-Type': answer.text ? 'text/html' : 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type UserActions = ReturnType<typeof userEvent.setup>;

/** Opens a select (`box`, its input) and picks an option by its text. */
export async function chooseOption(user: UserActions, box: HTMLElement, option: string): Promise<void> {
  await user.click(box);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** The texts of the options a select (`box`, its input) offers; the list is closed again. */
export async function listedOptions(user: UserActions, box: HTMLElement): Promise<string[]> {
  await user.click(box);
  const list = await screen.findByRole('listbox');
  const names = within(list)
    .getAllByRole('option')
    .map((o) => o.textContent ?? '');
  await user.keyboard('{Escape}');
  return names;
}
