import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { rememberReturnPath } from '../../lib/session.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { LocationProbe, makeUser, mockApi, renderWithProviders } from '../../test/utils.tsx';
import { AppRoutes } from './AppRoutes.tsx';

function renderLogin(route = '/login') {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <AppRoutes />
      <LocationProbe />
    </>,
    { route },
  );
  return user;
}

describe('login form', () => {
  it('shows the required checks only after a submit attempt', async () => {
    mockApi({});
    const user = renderLogin();
    const email = await screen.findByLabelText(/Email/);
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();

    await user.click(email);
    await user.tab();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing while a required field is empty', async () => {
    const fetchMock = mockApi({});
    const user = renderLogin();
    await user.type(await screen.findByLabelText(/Email/), 'store@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows 422 field messages under the fields', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 422,
        body: {
          message: 'The email must be a valid address.',
          errors: { email: ['The email must be a valid address'] },
        },
      },
    });
    const user = renderLogin();
    await user.type(await screen.findByLabelText(/Email/), 'nope');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email must be a valid address.')).toBeInTheDocument();
    // What was typed is kept.
    expect(screen.getByLabelText(/Email/)).toHaveValue('nope');
  });

  it("shows the server's message for a wrong password, once: in the form, with no toast as well", async () => {
    const toasts = vi.spyOn(notifications, 'show');
    mockApi({
      'POST /api/auth/login': { status: 401, body: { message: 'Ogiltigt användarnamn eller lösenord.' } },
    });
    const user = renderLogin('/se/login');
    await user.type(await screen.findByLabelText(/E-post/), 'store@example.com');
    await user.type(screen.getByLabelText(/Lösenord/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Logga in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ogiltigt användarnamn eller lösenord.');
    expect(screen.getAllByText('Ogiltigt användarnamn eller lösenord.')).toHaveLength(1);
    expect(toasts).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('says why after a session ended by itself, not after a logout', async () => {
    window.localStorage.setItem(STORAGE_KEYS.signOutReason, 'expired');
    renderLogin('/fn/login');
    expect(await screen.findByText('Istuntosi on vanhentunut')).toBeInTheDocument();
  });

  it('stores the token, loads the user and goes to the remembered path', async () => {
    rememberReturnPath('/jour-nummer');
    const fetchMock = mockApi({
      'POST /api/auth/login': {
        body: {
          message: 'Logged in.',
          payload: {
            access_token: 'tok-xyz',
            token_type: 'Bearer',
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            user: makeUser('store-manager'),
          },
        },
      },
      'GET /api/profile': { body: { message: null, payload: makeUser('store-manager') } },
    });
    const user = renderLogin();
    await user.type(await screen.findByLabelText(/Email/), 'store@example.com');
    await user.type(screen.getByLabelText(/Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jour-nummer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency numbers' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-xyz');
    const profileCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/profile');
    expect(profileCall?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok-xyz' });
  });

  it('goes to /orders when no path was remembered', async () => {
    mockApi({
      'POST /api/auth/login': {
        body: {
          message: null,
          payload: { access_token: 't', token_type: 'Bearer', expires_at: null, user: makeUser('admin') },
        },
      },
      'GET /api/profile': { body: { message: null, payload: makeUser('admin') } },
    });
    const user = renderLogin();
    await user.type(await screen.findByLabelText(/Email/), 'admin@example.com');
    await user.type(screen.getByLabelText(/Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders'));
  });
});
