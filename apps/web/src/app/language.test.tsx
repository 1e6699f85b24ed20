import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { LocationProbe, makeUser, mockApi, renderWithProviders, signIn } from '../test/utils.tsx';
import { AppRoutes } from './router/AppRoutes.tsx';

describe('language', () => {
  it('switches the whole interface from the sidebar and remembers the choice', async () => {
    signIn();
    mockApi({
      'GET /api/profile': { body: { message: null, payload: makeUser('store-manager') } },
      'GET /api/oncall-lines': {
        body: {
          message: null,
          payload: {
            service_desk_phone: '070-174 06 05',
            office_hours: { days: 'mon-fri', from: '07:00', to: '17:00' },
            lines: [],
          },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/jour-nummer' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency numbers' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Language'), 'sv');
    expect(await screen.findByRole('heading', { level: 1, name: 'Journummer' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Arbetsordrar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logga ut' })).toBeInTheDocument();
    expect(await screen.findByText('Måndag–fredag, kl. 07:00–17:00')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('sv');
    expect(document.documentElement.lang).toBe('sv');

    await user.selectOptions(screen.getByLabelText('Språk'), 'fi');
    expect(await screen.findByRole('heading', { level: 1, name: 'Päivystysnumerot' })).toBeInTheDocument();
    expect(await screen.findByText('Maanantaista perjantaihin, klo 07.00–17.00')).toBeInTheDocument();
  });

  it('sets Swedish on /se/login and Finnish on /fn/login', async () => {
    mockApi({});
    renderWithProviders(<AppRoutes />, { route: '/se/login' });
    expect(await screen.findByRole('heading', { name: 'Logga in' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('sv');
  });

  it('sends logged-out users to the login of the stored language', async () => {
    window.localStorage.setItem(STORAGE_KEYS.language, 'fi');
    mockApi({});
    renderWithProviders(
      <>
        <AppRoutes />
        <LocationProbe />
      </>,
      { route: '/account' },
    );
    expect(await screen.findByRole('heading', { name: 'Kirjaudu sisään' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/fn/login');
  });

  it('logs out and goes to the login route of the stored language', async () => {
    signIn();
    await setLanguage('sv');
    const fetchMock = mockApi({
      'GET /api/profile': { body: { message: null, payload: makeUser('technician') } },
      'POST /api/auth/logout': { status: 204 },
    });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <AppRoutes />
        <LocationProbe />
      </>,
      { route: '/account' },
    );
    await user.click(await screen.findByRole('button', { name: 'Logga ut' }));
    expect(await screen.findByRole('heading', { name: 'Logga in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/se/login');
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/auth/logout' && init?.method === 'POST'),
    ).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // An explicit logout does not bring the user back to where they were.
    expect(window.localStorage.getItem(STORAGE_KEYS.returnTo)).toBeNull();
  });
});
