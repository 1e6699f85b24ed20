import { useSyncExternalStore } from 'react';

/**
 * Settings of the deployment the app talks to (GET /api/config, no sign-in needed). `timezone` is
 * APP_TIMEZONE: times on screen use it, as the PDF and XLSX documents do, whatever the browser's zone.
 * Until the answer arrives (or when it fails) the browser's own zone is used.
 */

let timeZone: string | null = null;
const listeners = new Set<() => void>();

export function appTimeZone(): string | null {
  return timeZone;
}

export function setAppTimeZone(zone: string | null): void {
  if (zone === timeZone) return;
  timeZone = zone;
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
    if (typeof zone === 'string' && zone !== '') setAppTimeZone(zone);
  } catch {
    // Offline or no server: the browser's zone.
  }
}
