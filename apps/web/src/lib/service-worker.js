/**
 * The service worker (served as /sw.js). The build prepends `const BUILD = { version, precache }`:
 * the files of the app shell (index.html, the entry's hashed scripts and styles, the translations).
 *
 * - pages: network first, the cached index.html when offline;
 * - /static/*: cache first (their names carry a content hash, they never change);
 * - GET /api/profile, /api/orders, /api/orders/{id} and its visits, costs and messages: network first; the last answer cached when the
 *   request fails, or when none came within 4 s and the browser is offline (a slow server online is
 *   waited for), so a technician without a connection still reads the last-seen assigned orders.
 *   The page is told (`postMessage`) when it is shown cached data. Nothing else of the API is kept.
 *   The web app deletes this cache when the user signs out or another signs in (lib/pwa.ts).
 */
/* global BUILD */

const SHELL_CACHE = `wop-shell-${BUILD.version}`;
const SHELL_PREFIX = 'wop-shell-';
const API_CACHE = 'wop-api';
/** Cached API answers carry the time they were fetched. */
const CACHED_AT = 'x-offline-cache';
const API_TIMEOUT_MS = 4000;
/** The signed-in user and their orders (list and detail, with what the order page shows): enough to read one's jobs offline. */
const OFFLINE_API = /^\/api\/(?:profile|orders(?:\/\d+(?:\/(?:visits|costs|messages|unreadmessages))?)?)$/;

const isApi = (pathname) => pathname === '/api' || pathname.startsWith('/api/');

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(BUILD.precache))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The page sends the hashed files it loaded before this worker controlled it (lazy pages, say). */
self.addEventListener('message', (event) => {
  if (event.data?.type !== 'cache-assets' || !Array.isArray(event.data.urls)) return;
  const urls = event.data.urls.filter((url) => typeof url === 'string' && url.startsWith('/static/'));
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(urls)));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !isApi(url.pathname)) event.respondWith(page(request));
  else if (url.pathname.startsWith('/static/')) event.respondWith(asset(request));
  else if (OFFLINE_API.test(url.pathname)) event.respondWith(apiAnswer(event));
});

async function page(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    // Every page is the same index.html: the newest one is what an offline visit starts from.
    if (response.ok && !response.redirected) await cache.put('/', response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match('/');
    if (cached) return cached;
    throw error;
  }
}

async function asset(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function apiAnswer(event) {
  const { request } = event;
  const cache = await caches.open(API_CACHE);
  const network = fetch(request).then(async (response) => {
    // Only a signed-in user's own answers are kept; the page clears them at sign-out.
    if (response.ok && request.headers.has('authorization')) await cache.put(request, await stamped(response.clone()));
    return response;
  });
  // A late answer still refreshes the cache.
  event.waitUntil(network.catch(() => undefined));
  const timeout = new Promise((resolve) => setTimeout(resolve, API_TIMEOUT_MS, null));
  let answer = await Promise.race([network.catch(() => null), timeout]);
  // Online but slow: wait for the server rather than show what may be stale. The cache is for no line.
  if (!answer && self.navigator.onLine) answer = await network.catch(() => null);
  if (answer) {
    void tell(event.clientId, null);
    return answer;
  }
  const cached = await cache.match(request, { ignoreVary: true });
  if (!cached) return network;
  void tell(event.clientId, cached.headers.get(CACHED_AT));
  return cached;
}

/** A copy of an answer with the time it was fetched (the body is already decoded). */
async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set(CACHED_AT, new Date().toISOString());
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

/** Tells the page whether orders on screen are cached (`cachedAt`, an ISO time) or fresh (null). */
async function tell(clientId, cachedAt) {
  const client = clientId ? await self.clients.get(clientId) : null;
  client?.postMessage({ type: 'offline-cache', cachedAt });
}
