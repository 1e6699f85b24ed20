import type { QueryClient } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import type { User } from '@wop/shared/api';
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
