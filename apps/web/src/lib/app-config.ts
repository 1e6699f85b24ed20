import { useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/**
 * Settings of the deployment the app talks to (GET /api/config, no sign-in needed). `timezone` is
 * APP_TIMEZONE: times on screen use it, as the PDF and XLSX documents do, whatever the browser's zone.
 * The zone is kept in this browser: offline, or until the answer arrives, times are shown in the zone
 * last heard (the browser's own only on a first visit without network).
 */

const isZone = (zone: unknown): zone is string => {
  if (typeof zone !== 'string' || zone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

// The zone kept from an earlier visit is checked when first asked for, and at the latest in a task of its own right
// after start-up: the first formatter with a zone loads the browser's zone data, which on a slow phone would
// otherwise lengthen the start-up script's one long task. `undefined`: kept, not checked yet.
const stored = readStorage(STORAGE_KEYS.timeZone);
let timeZone: string | null | undefined = stored ? undefined : null;
const listeners = new Set<() => void>();
if (stored) setTimeout(() => appTimeZone());

export function appTimeZone(): string | null {
  if (timeZone === undefined) timeZone = isZone(stored) ? stored : null;
  return timeZone;
}

/** Whether this browser kept a zone from an earlier visit (not yet checked: a cheap question for start-up). */
export function zoneKept(): boolean {
  return stored !== null;
}

export function setAppTimeZone(zone: string | null): void {
  if (zone === appTimeZone()) return;
  timeZone = zone;
  writeStorage(STORAGE_KEYS.timeZone, zone);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The zone times are shown in; re-renders when it becomes known. */
export function useAppTimeZone(): string | null {
  return useSyncExternalStore(subscribe, appTimeZone, appTimeZone);
}

/** Asks the server once at start-up; a failure leaves the browser's zone in use. */
export async function loadAppConfig(): Promise<void> {
  try {
    const response = await fetch('/api/config', { headers: { Accept: 'application/json' } });
    if (!response.ok) return;
    const body = (await response.json()) as { payload?: { timezone?: unknown } };
    const zone = body.payload?.timezone;
    if (isZone(zone)) setAppTimeZone(zone);
  } catch {
    // Offline or no server: the browser's zone.
  }
}
