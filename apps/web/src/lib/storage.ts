/**
 * localStorage that never throws: private modes and full quotas must not break sign-in.
 * Every key the app keeps lives here, so they are easy to find and clear.
 */
export const STORAGE_KEYS = {
  token: 'wop.token',
  tokenExpiresAt: 'wop.token_expires_at',
  language: 'wop.language',
  returnTo: 'wop.return_to',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value lives only for this page view.
  }
}
