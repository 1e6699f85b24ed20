/**
 * localStorage that never throws: private modes and full quotas must not break sign-in.
 * Every key the app keeps lives here, so they are easy to find and clear.
 */
export const STORAGE_KEYS = {
  token: 'wop.token',
  tokenExpiresAt: 'wop.token_expires_at',
  language: 'wop.language',
  returnTo: 'wop.return_to',
  signOutReason: 'wop.sign_out_reason',
  /** APP_TIMEZONE as the server last said it (lib/app-config.ts): times offline are shown in it too. */
  timeZone: 'wop.time_zone',
  /** Check-ins and check-outs made without network, waiting to be sent (entities/visits.ts). */
  visitQueue: 'wop.visit_queue',
} as const;

/** Drafts (lib/drafts.ts) live under this prefix, one key per user and form. */
export const DRAFT_PREFIX = 'wop.draft.';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS] | `${typeof DRAFT_PREFIX}${string}`;

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
