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

const PASSWORD_METHOD = {
  'POST /api/auth/sign-in-method': {
    body: { message: null, payload: { method: 'password', chain_name: null, password_sign_in: true } },
  },
};
const signedIn = (role: Parameters<typeof makeUser>[0], token = 't') => ({
  'POST /api/auth/login': {
    body: {
      message: 'Logged in.',
      payload: {
        access_token: token,
        token_type: 'Bearer',
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        user: makeUser(role),
      },
    },
  },
  'GET /api/profile': { body: { message: null, payload: makeUser(role) } },
});

/** The first step: the e-mail, then Continue (in the page's language). */
async function enterEmail(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  label = /Email/,
  button = 'Continue',
) {
  await user.type(await screen.findByLabelText(label), email);
  await user.click(screen.getByRole('button', { name: button }));
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

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    // The password is asked for only once the address says it signs in with one.
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends nothing while a required field is empty', async () => {
    const fetchMock = mockApi(PASSWORD_METHOD);
    const user = renderLogin();
    await enterEmail(user, 'store@example.com');
    const password = await screen.findByLabelText(/Password/);
    await waitFor(() => expect(password).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(screen.queryByText('Email is required.')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/auth/sign-in-method']);
  });

  it('shows 422 field messages under the fields', async () => {
    mockApi({
      ...PASSWORD_METHOD,
      'POST /api/auth/login': {
        status: 422,
        body: {
          message: 'The email must be a valid address.',
          errors: { email: ['The email must be a valid address'] },
        },
      },
    });
    const user = renderLogin();
    await enterEmail(user, 'nope');
    await user.type(await screen.findByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The email must be a valid address.')).toBeInTheDocument();
    // What was typed is kept.
    expect(screen.getByLabelText(/Email/)).toHaveValue('nope');
  });

  it("shows the server's message for a wrong password, once: in the form, with no toast as well", async () => {
    const toasts = vi.spyOn(notifications, 'show');
    mockApi({
      ...PASSWORD_METHOD,
      'POST /api/auth/login': { status: 401, body: { message: 'Ogiltigt användarnamn eller lösenord.' } },
    });
    const user = renderLogin('/se/login');
    await enterEmail(user, 'store@example.com', /E-post/, 'Fortsätt');
    await user.type(await screen.findByLabelText(/Lösenord/), 'wrong');
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
    const fetchMock = mockApi({ ...PASSWORD_METHOD, ...signedIn('store-manager', 'tok-xyz') });
    const user = renderLogin();
    await enterEmail(user, 'store@example.com');
    await user.type(await screen.findByLabelText(/Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jour-nummer'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Emergency numbers' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-xyz');
    const profileCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/profile');
    expect(profileCall?.[1]?.headers).toMatchObject({ Authorization: 'Bearer tok-xyz' });
  });

  it('goes to /orders when no path was remembered', async () => {
    mockApi({ ...PASSWORD_METHOD, ...signedIn('admin') });
    const user = renderLogin();
    await enterEmail(user, 'admin@example.com');
    await user.type(await screen.findByLabelText(/Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/orders'));
  });
});

describe('sign-in through the chain’s own sign-in', () => {
  it('offers the chain’s sign-in to its users, and the password too where the chain allows it', async () => {
    mockApi({
      'POST /api/auth/sign-in-method': {
        body: { message: null, payload: { method: 'provider', chain_name: 'Norrgården Livs', password_sign_in: true } },
      },
    });
    const user = renderLogin();
    await enterEmail(user, 'store@example.com');
    expect(await screen.findByText('Norrgården Livs signs you in with your work account.')).toBeInTheDocument();
    const onward = screen.getByRole('button', { name: 'Continue with your work account' });
    await waitFor(() => expect(onward).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Use a password instead' }));
    expect(await screen.findByLabelText(/Password/)).toBeInTheDocument();
    // Another address starts over.
    await user.click(screen.getByRole('button', { name: 'Use another e-mail address' }));
    expect(screen.getByLabelText(/Email/)).not.toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/Password/)).not.toBeInTheDocument();
  });

  it('back from the provider, signs in with its one-time code and goes to the remembered page', async () => {
    rememberReturnPath('/jour-nummer');
    const fetchMock = mockApi({
      'POST /api/auth/provider/complete': signedIn('store-manager', 'tok-sso')['POST /api/auth/login'],
      'GET /api/profile': { body: { message: null, payload: makeUser('store-manager') } },
    });
    renderLogin('/login?sign_in=one-time-code');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/jour-nummer'));
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok-sso');
    const completed = fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/provider/complete');
    expect(completed).toHaveLength(1);
    expect(JSON.parse(String(completed[0][1]?.body))).toEqual({ sign_in: 'one-time-code' });
  });

  it('says why the provider’s sign-in was not accepted, and asks for the e-mail again', async () => {
    mockApi({
      'POST /api/auth/provider/complete': {
        status: 401,
        body: { message: 'Det finns inget konto för nobody@example.com hos Norrgården Livs.' },
      },
    });
    renderLogin('/se/login?sign_in=one-time-code');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Det finns inget konto för nobody@example.com hos Norrgården Livs.',
    );
    expect(screen.getByLabelText(/E-post/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/se/login'));
  });
});
