import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import source from './start-hints.js?raw';
import { STORAGE_KEYS, writeStorage } from './storage.ts';

/** What the build prepends (vite.config.ts, `startHints`), with made-up file names. */
const START = {
  signedIn: ['/static/first-screens-a.js', '/static/first-screen-b.js'],
  languages: {
    en: { signIn: ['/static/en-1.js'], all: ['/static/en-1.js', '/static/en.app-2.js'] },
    sv: { signIn: ['/static/sv-3.js'], all: ['/static/sv-3.js', '/static/sv.app-4.js'] },
    fi: { signIn: ['/static/fi-5.js'], all: ['/static/fi-5.js', '/static/fi.app-6.js'] },
  },
  defaultLanguage: 'en',
  loginPaths: { en: '/login', sv: '/se/login', fi: '/fn/login' },
  keys: { token: STORAGE_KEYS.token, tokenExpiresAt: STORAGE_KEYS.tokenExpiresAt, language: STORAGE_KEYS.language },
};

/** Runs the script at `path` and gives the files it asked the browser for, in order. */
function hintsAt(path: string): string[] {
  window.history.replaceState(null, '', path);
  new Function('START', source)(START);
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

const signIn = (expiresInMs: number) => {
  writeStorage(STORAGE_KEYS.token, 'a-token');
  writeStorage(STORAGE_KEYS.tokenExpiresAt, new Date(Date.now() + expiresInMs).toISOString());
};

/** The requests the script started, each as [url, headers]. */
function requests(): [string, Record<string, string>][] {
  const fetch = vi.mocked(window.fetch);
  return fetch.mock.calls.map(([url, init]) => [String(url), init?.headers as Record<string, string>]);
}

const started = () => (window as { wopStartAnswers?: { answers: Record<string, unknown> } }).wopStartAnswers;

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}'))),
  );
});

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  window.history.replaceState(null, '', '/');
  delete (window as { wopStartAnswers?: unknown }).wopStartAnswers;
  vi.unstubAllGlobals();
});

describe('the start hints', () => {
  it('ask a signed-in user’s browser for the first screens and the whole of the chosen language', () => {
    signIn(3_600_000);
    writeStorage(STORAGE_KEYS.language, 'sv');
    expect(hintsAt('/orders')).toEqual([...START.signedIn, '/static/sv-3.js', '/static/sv.app-4.js']);
  });

  it('ask for the default language where none or an unknown one was chosen', () => {
    signIn(3_600_000);
    writeStorage(STORAGE_KEYS.language, 'xx');
    expect(hintsAt('/')).toEqual([...START.signedIn, '/static/en-1.js', '/static/en.app-2.js']);
  });

  it('ask only for the sign-in page’s part of the language without a session, or with an expired one', () => {
    writeStorage(STORAGE_KEYS.language, 'fi');
    expect(hintsAt('/orders')).toEqual(['/static/fi-5.js']);
    signIn(-1000);
    expect(hintsAt('/orders').filter((file) => START.signedIn.includes(file))).toEqual([]);
  });

  it('ask on a sign-in page for its own language only, not for the first screens', () => {
    signIn(3_600_000);
    writeStorage(STORAGE_KEYS.language, 'fi');
    expect(hintsAt('/se/login')).toEqual(['/static/sv-3.js']);
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
    writeStorage(STORAGE_KEYS.language, null);
    expect(hintsAt('/login')).toEqual(['/static/en-1.js']);
  });

  it('ask for a signed-in user’s profile as the API client would, and for nothing personal without a session', () => {
    signIn(3_600_000);
    writeStorage(STORAGE_KEYS.language, 'fi');
    hintsAt('/orders');
    expect(requests()).toEqual([
      ['/api/profile', { Accept: 'application/json', lang: 'fi', Authorization: 'Bearer a-token' }],
    ]);
    expect(Object.keys(started()?.answers ?? {})).toEqual(['/api/profile']);
    vi.mocked(window.fetch).mockClear();
    delete (window as { wopStartAnswers?: unknown }).wopStartAnswers;
    signIn(-1000);
    hintsAt('/orders');
    writeStorage(STORAGE_KEYS.token, null);
    hintsAt('/');
    signIn(3_600_000);
    hintsAt('/login');
    expect(requests()).toEqual([]);
    expect(started()).toBeUndefined();
  });
});
