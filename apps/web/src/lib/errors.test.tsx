import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api.ts';
import { describeError, notifyError, notifySuccess } from './errors.ts';
import { i18n } from './i18n.ts';
import { getToken, startSession } from './session.ts';

const apiError = (status: number, body: unknown) =>
  new ApiError(
    typeof (body as { message?: string })?.message === 'string' ? (body as { message: string }).message : '',
    status,
    body,
    null,
  );

describe('error-to-toast rules (spec 8)', () => {
  it('shows "Error 500 - Server Error" when the body is an HTML page', () => {
    const error = new ApiError('Bad Gateway', 502, null, '<!doctype html><html>proxy error</html>');
    expect(describeError(error).text).toBe('Error 500 - Server Error');
  });

  it('says in words that the session has expired, never "Error 401"', () => {
    expect(describeError(apiError(401, { message: 'Unauthenticated.' })).text).toBe(
      'Your session has expired. Sign in again to carry on: what you typed has been kept.',
    );
  });

  it('shows the body message for 400, else the payload message', () => {
    expect(describeError(apiError(400, { message: 'Bad input.' })).text).toBe('Error 400 - Bad input.');
    expect(describeError(apiError(400, { payload: { message: 'From payload.' } })).text).toBe(
      'Error 400 - From payload.',
    );
  });

  it('shows the body message for 403, else "Forbidden action."', () => {
    expect(describeError(apiError(403, { message: 'Not your store.' })).text).toBe('Error 403 - Not your store.');
    expect(describeError(apiError(403, {})).text).toBe('Error 403 - Forbidden action.');
  });

  it('shows the body message for 404 and 409', () => {
    expect(describeError(apiError(404, { message: 'Order not found.' })).text).toBe('Error 404 - Order not found.');
    expect(describeError(apiError(409, { message: 'The chain still has stores.' })).text).toBe(
      'Error 409 - The chain still has stores.',
    );
  });

  it('shows the error text of a 500, else the first payload field message, else Server Error', () => {
    expect(describeError(apiError(500, { error: 'Database is down' })).text).toBe('Error 500 - Database is down');
    expect(describeError(apiError(500, { payload: { errors: { file: ['Disk full'] } } })).text).toBe(
      'Error 500 - Disk full',
    );
    expect(describeError(apiError(500, { message: 'Server Error' })).text).toBe('Error 500 - Server Error');
  });

  it('shows "Error - {last field message}" for a 422 and returns the field errors for the form', () => {
    const report = describeError(
      apiError(422, {
        message: 'The name is required.',
        errors: { name: ['The name is required.'], phone: ['must be a number', 'must be atleast 9 digits'] },
      }),
    );
    expect(report.text).toBe('Error - must be a number');
    expect(report.status).toBe(422);
    expect(report.fieldErrors).toEqual({ name: 'The name is required.', phone: 'must be a number.' });
    expect(report.messages).toEqual(['The name is required.', 'must be a number', 'must be atleast 9 digits']);
  });

  it('reads 422 field errors from payload.errors too', () => {
    const report = describeError(apiError(422, { payload: { errors: { email: ['is taken'] } } }));
    expect(report.fieldErrors).toEqual({ email: 'is taken.' });
    expect(report.text).toBe('Error - is taken');
  });

  it('says a lost connection as such, in the user language, when no response arrived', async () => {
    expect(describeError(new ApiError('Failed to fetch', null, null, null)).text).toBe(
      'No connection. Check the network and try again; nothing was lost.',
    );
    await i18n.changeLanguage('sv');
    try {
      const text = describeError(new ApiError('Failed to fetch', null, null, null)).text;
      expect(text).toBe('Ingen anslutning. Kontrollera nätet och försök igen – inget har gått förlorat.');
      expect(text).not.toMatch(/500|Failed to fetch/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows other statuses with their body message', () => {
    expect(describeError(apiError(429, { message: 'Too many attempts.' })).text).toBe('Error 429 - Too many attempts.');
  });
});

describe('toasts', () => {
  const oscillators: { start: ReturnType<typeof vi.fn> }[] = [];

  beforeEach(() => {
    oscillators.length = 0;
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      createGain() {
        return {
          connect: vi.fn(),
          disconnect: vi.fn(),
          gain: { setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() },
        };
      }
      createOscillator() {
        const osc = {
          type: 'sine',
          frequency: { setValueAtTime: vi.fn() },
          connect: vi.fn(),
          disconnect: vi.fn(),
          start: vi.fn(),
          stop: vi.fn(),
          onended: null,
        };
        oscillators.push(osc);
        return osc;
      }
      resume() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    render(
      <MantineProvider env="test">
        <Notifications />
      </MantineProvider>,
    );
  });

  afterEach(() => {
    act(() => notifications.clean());
  });

  it('shows an error toast with its text and plays a sound', async () => {
    act(() => {
      notifyError(apiError(404, { message: 'Order not found.' }));
    });
    expect(await screen.findByText('Error 404 - Order not found.')).toBeInTheDocument();
    expect(oscillators).toHaveLength(1);
    expect(oscillators[0].start).toHaveBeenCalled();
  });

  it('shows "Success - {message}" from a string or an answer', async () => {
    act(() => notifySuccess({ message: 'Profile updated.' }));
    expect(await screen.findByText('Success - Profile updated.')).toBeInTheDocument();
    act(() => notifySuccess('Store created.'));
    expect(await screen.findByText('Success - Store created.')).toBeInTheDocument();
    // Only one toast at a time: the newest replaces the previous one.
    await waitFor(() => expect(screen.queryByText('Success - Profile updated.')).not.toBeInTheDocument());
  });
});

describe('401 handling in the API client', () => {
  it('signs out on a 401 from any call but login', async () => {
    startSession('abc', new Date(Date.now() + 60_000).toISOString());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401 })),
    );
    await expect(api.get('/orders')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(getToken()).toBeNull();
  });

  it('keeps the session on a 401 from the login call', async () => {
    startSession('abc', new Date(Date.now() + 60_000).toISOString());
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'Ogiltigt användarnamn eller lösenord.' }), { status: 401 }),
      ),
    );
    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(getToken()).toBe('abc');
  });
});
