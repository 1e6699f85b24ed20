import { setCachedAt } from './offline.ts';
import { whenIdle } from './progressive.ts';
import { getToken, subscribeSession } from './session.ts';

export { offlineNoticeText } from './offline.ts';

/**
 * The installable app: registers the service worker (src/lib/service-worker.js, built as /sw.js),
 * passes on when the orders on screen come from its cache (lib/offline.ts, shown by the offline mark), and deletes that cache whenever the
 * signed-in user changes (sign-out, or another user signing in), so no one reads another's orders.
 * Loaded by main.tsx after the first render, in production builds only; it registers the worker and links the
 * manifest once the page has painted.
 */

/** The worker's cache of API answers (service-worker.js). */
export const OFFLINE_API_CACHE = 'wop-api';

interface OfflineCacheMessage {
  type: 'offline-cache';
  cachedAt: string | null;
}

function isOfflineCacheMessage(data: unknown): data is OfflineCacheMessage {
  return (data as OfflineCacheMessage | null)?.type === 'offline-cache';
}

export function clearOfflineData(): Promise<boolean> {
  return typeof caches === 'undefined' ? Promise.resolve(false) : caches.delete(OFFLINE_API_CACHE);
}

/** Follows the signed-in user: a different token (or none) means the cached orders are not theirs. */
function clearOnUserChange(): void {
  let token = getToken();
  if (token === null) void clearOfflineData();
  subscribeSession(() => {
    const next = getToken();
    if (next === token) return;
    token = next;
    void clearOfflineData();
  });
}

/** Sends the worker the hashed files this page loaded before the worker controlled it. */
function cacheLoadedAssets(worker: ServiceWorker): void {
  const urls = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && url.pathname.startsWith('/static/'))
    .map((url) => url.pathname);
  worker.postMessage({ type: 'cache-assets', urls });
}

/**
 * Links the web app manifest: with the worker, once the page has shown, so that the browser fetches the
 * manifest and its icons after what the page shows rather than beside it (index.html does not name it).
 */
function linkManifest(): void {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

export function startPwa(): void {
  whenIdle(linkManifest);
  if (!('serviceWorker' in navigator)) return;
  clearOnUserChange();
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (isOfflineCacheMessage(event.data)) setCachedAt(event.data.cachedAt);
  });
  navigator.serviceWorker.startMessages();

  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (registration.active) cacheLoadedAssets(registration.active);
      })
      .catch(() => {
        // Without a worker the app works as before, only not offline.
      });
  };
  // Once the page has shown: the worker's precache would share the line with what the first screen fetches.
  whenIdle(register);
}
