import { LOGIN_PATHS, type Locale } from '@wop/shared/constants';
import { useSyncExternalStore } from 'react';
import { getStoredLanguage } from './i18n.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/**
 * The signed-in session: an opaque bearer token and its expiry, kept in localStorage
 * (spec 3). An expired token counts as no token, and signs the user out.
 */

export type SignOutReason = 'logout' | 'expired' | 'unauthenticated';

export const DEFAULT_AFTER_LOGIN = '/orders';

export function loginPath(lng: Locale = getStoredLanguage()): string {
  return LOGIN_PATHS[lng];
}

const listeners = new Set<() => void>();
let lastSignOut: SignOutReason | null = null;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function emit(): void {
  for (const listener of listeners) listener();
}

function parseExpiry(value: string | null): number | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

function scheduleExpiry(): void {
  clearTimeout(expiryTimer);
  const expiresAt = parseExpiry(readStorage(STORAGE_KEYS.tokenExpiresAt));
  if (expiresAt === null || !readStorage(STORAGE_KEYS.token)) return;
  // setTimeout overflows past ~24.8 days; re-check then instead.
  const delay = Math.min(Math.max(expiresAt - Date.now(), 0), 2_147_000_000);
  expiryTimer = setTimeout(() => {
    if (getToken() !== null) scheduleExpiry();
  }, delay);
}

/** The bearer token, or null when signed out or expired (an expired token is cleared). */
export function getToken(): string | null {
  const token = readStorage(STORAGE_KEYS.token);
  if (!token) return null;
  const expiresAt = parseExpiry(readStorage(STORAGE_KEYS.tokenExpiresAt));
  if (expiresAt !== null && expiresAt <= Date.now()) {
    // Cleared outside the caller, which may be React reading a snapshot mid-render.
    queueMicrotask(() => {
      if (readStorage(STORAGE_KEYS.token) === token) clearSession('expired');
    });
    return null;
  }
  return token;
}

export function startSession(token: string, expiresAt: string | null): void {
  writeStorage(STORAGE_KEYS.token, token);
  writeStorage(STORAGE_KEYS.tokenExpiresAt, expiresAt);
  writeStorage(STORAGE_KEYS.signOutReason, null);
  lastSignOut = null;
  scheduleExpiry();
  emit();
}

export function clearSession(reason: SignOutReason): void {
  const hadToken = readStorage(STORAGE_KEYS.token) !== null;
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.tokenExpiresAt, null);
  clearTimeout(expiryTimer);
  lastSignOut = reason;
  // Kept across a reload of the login page, which says why the user has to sign in again.
  if (hadToken) writeStorage(STORAGE_KEYS.signOutReason, reason);
  if (hadToken) emit();
}

/** Why the last sign-out happened: an explicit logout does not remember where the user was. */
export function lastSignOutReason(): SignOutReason | null {
  return lastSignOut;
}

/** True when the last session ended without the user asking (expired, or refused by the server). */
export function sessionEnded(): boolean {
  const reason = readStorage(STORAGE_KEYS.signOutReason);
  return reason === 'expired' || reason === 'unauthenticated';
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current token; re-renders when the user signs in or out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, getToken, () => null);
}

/** Paths that make no sense to come back to after signing in. */
function isReturnable(path: string): boolean {
  return path !== '/' && !Object.values(LOGIN_PATHS).some((login) => path === login || path.startsWith(`${login}?`));
}

export function rememberReturnPath(path: string): void {
  if (isReturnable(path)) writeStorage(STORAGE_KEYS.returnTo, path);
}

/** The remembered path (then forgotten), or `/orders`. Only same-origin paths are returned. */
export function takeReturnPath(): string {
  const path = readStorage(STORAGE_KEYS.returnTo);
  writeStorage(STORAGE_KEYS.returnTo, null);
  if (path?.startsWith('/') && !path.startsWith('//')) return path;
  return DEFAULT_AFTER_LOGIN;
}

scheduleExpiry();
