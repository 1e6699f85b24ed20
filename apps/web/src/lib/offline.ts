import type { Locale } from '@wop/shared/constants';
import { useSyncExternalStore } from 'react';
import { formatDate, formatDateTime, formatTime } from './dates.ts';
import { i18n } from './i18n.ts';

/**
 * Whether the browser has a connection, and, while the orders on screen come from the service
 * worker's cache, when they were fetched (`cachedAt`, told by the worker through lib/pwa.ts). The
 * offline mark (components/OfflineMark.tsx) shows from these at once, and pages that need the
 * server to change anything read `useOnline()` to say so instead of offering dead buttons.
 */
export interface OfflineState {
  online: boolean;
  cachedAt: string | null;
}

let state: OfflineState = {
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  cachedAt: null,
};
const listeners = new Set<() => void>();

function set(next: Partial<OfflineState>) {
  const merged = { ...state, ...next };
  if (merged.online === state.online && merged.cachedAt === state.cachedAt) return;
  state = merged;
  for (const listener of listeners) listener();
}

/** The worker said the answer on screen is cached (its fetch time) or fresh (null). */
export function setCachedAt(cachedAt: string | null): void {
  set({ cachedAt });
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set({ online: true }));
  window.addEventListener('offline', () => set({ online: false }));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useOfflineState = () => useSyncExternalStore(subscribe, () => state);

/** False while the browser has no connection, or what is on screen came from the worker's cache. */
export function useOnline(): boolean {
  const { online, cachedAt } = useOfflineState();
  return online && cachedAt === null;
}

/** The mark's text: the time alone when the answers were fetched today, else date and time. */
export function offlineNoticeText(cachedAt: string, lng: Locale, now = new Date()): string {
  if (formatDate(cachedAt, lng) === formatDate(now, lng)) {
    return i18n.t('offline.showingCached', { lng, ns: 'common', time: formatTime(cachedAt, lng) });
  }
  return i18n.t('offline.showingCachedOn', { lng, ns: 'common', date: formatDateTime(cachedAt, lng) });
}
