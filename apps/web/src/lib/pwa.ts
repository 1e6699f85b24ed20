import type { Locale } from '@wop/shared/constants';
import { formatDate, formatDateTime, formatTime } from './dates.ts';
import { currentLanguage, i18n } from './i18n.ts';
import { getToken, subscribeSession } from './session.ts';

/**
 * The installable app: registers the service worker (src/lib/service-worker.js, built as /sw.js),
 * shows a notice while orders on screen come from its cache, and deletes that cache whenever the
 * signed-in user changes (sign-out, or another user signing in), so no one reads another's orders.
 * Loaded by main.tsx after the first render, in production builds only.
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

/** The notice's text: the time alone when the answers were fetched today, else date and time. */
export function offlineNoticeText(cachedAt: string, lng: Locale, now = new Date()): string {
  if (formatDate(cachedAt, lng) === formatDate(now, lng)) {
    return i18n.t('offline.showingCached', { lng, time: formatTime(cachedAt, lng) });
  }
  return i18n.t('offline.showingCachedOn', { lng, date: formatDateTime(cachedAt, lng) });
}

/** A pill at the bottom that clicks pass through: it must not hide or block the sign-out button. */
const NOTICE_STYLE =
  'position:fixed;left:50%;bottom:12px;transform:translateX(-50%);z-index:1000;max-width:calc(100% - 32px);' +
  'padding:6px 14px;border-radius:16px;pointer-events:none;text-align:center;font:14px/1.4 system-ui,sans-serif;' +
  'background:#fff3bf;color:#7a4a00;border:1px solid #f0d36b;box-shadow:0 2px 6px rgba(0,0,0,.15)';

/** The notice at the bottom of the screen; hidden while answers come from the network. */
function createNotice(): (cachedAt: string | null) => void {
  const notice = document.createElement('div');
  notice.setAttribute('role', 'status');
  notice.style.cssText = NOTICE_STYLE;
  notice.hidden = true;
  document.body.append(notice);
  let shown: string | null = null;
  const render = () => {
    notice.hidden = shown === null;
    if (shown !== null) {
      notice.textContent = offlineNoticeText(shown, currentLanguage());
    }
  };
  i18n.on('languageChanged', render);
  return (cachedAt) => {
    shown = cachedAt;
    render();
  };
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

export function startPwa(): void {
  if (!('serviceWorker' in navigator)) return;
  clearOnUserChange();
  const showNotice = createNotice();
  navigator.serviceWorker.addEventListener('message', (event) => {
    if (isOfflineCacheMessage(event.data)) showNotice(event.data.cachedAt);
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
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
