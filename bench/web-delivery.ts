/**
 * Web delivery: what the sign-in page and each role's first screen cost a shop on a slow line.
 *
 * For every page: a cold visit (fresh browser context, empty cache) in headless Chromium, once on the
 * loopback and once under Lighthouse's mobile "slow 4G" network profile (562.5 ms RTT, 1.47 Mbit/s down,
 * 675 kbit/s up; no CPU slow-down). It prints
 *  - the Largest Contentful Paint of both visits (PerformanceObserver, read once the network is idle);
 *  - the bytes on the wire: every same-origin GET the page made (HTML, scripts, styles, fonts, API JSON),
 *    fetched again with `Accept-Encoding: identity`, `gzip` and `br`, summed as the server sends them
 *    (body bytes, encoded), for all of them and for scripts alone;
 *  - what the browser itself received (encoded body bytes) and which encodings the server chose.
 *
 *   node bench/web-delivery.ts                 # starts the server on a throw-away demo database
 *   node bench/web-delivery.ts --url http://127.0.0.1:3000   # a running server with the demo seed
 *
 * The web app must be built (`npm run build`). Chromium: CHROMIUM_PATH, else `chromium` on PATH.
 * Kept out of `npm test`: figures, not a timed test.
 *
 * Measured 2026-11-23 on the 2-core machine shared with other engineers' test runs (load average 8-12,
 * so LCP moves by a few hundred ms between runs; bytes do not). KB = 1,000 bytes. Script bytes as sent:
 *                      before: no compression          after: brotli/gzip, split
 *   page               script      LCP  LCP 4G         script raw / gzip / br        LCP  LCP 4G
 *   sign-in            711.8 KB   608 ms  6812 ms      515.3 / 162.1 / 140.3 KB   1108 ms  3180 ms
 *   super-admin        973.0 KB  1068 ms  8136 ms      933.3 / 297.7 / 261.5 KB   1792 ms  5832 ms
 *   admin              973.0 KB   988 ms  7524 ms      933.3 / 297.7 / 261.5 KB   1548 ms  5656 ms
 *   chain-admin        726.9 KB  1504 ms  8616 ms      648.0 / 209.0 / 182.3 KB   1708 ms  7104 ms
 *   regional-director  726.9 KB   872 ms  8316 ms      648.0 / 209.0 / 182.3 KB   1788 ms  7116 ms
 *   store-manager      726.9 KB  1276 ms  8140 ms      648.0 / 209.0 / 182.3 KB   1116 ms  7676 ms
 *   technician         726.9 KB  1332 ms  8384 ms      648.0 / 209.0 / 182.3 KB   1908 ms  7640 ms
 * (The sign-in figure counts everything loaded until the network is quiet, the toast container that
 * loads after the first screen included; the budget check counts what the page needs to show: 147 KB.)
 * Left: the admins' first screen, the order list, still loads ~298 KB gzip of script (its filters and
 * edit dialog with date pickers load with the page).
 *
 * Measured 2026-11-24, same machine (load average 4-8), after the dashboards came (issue 18): before is
 * the build with the weekly chart in Recharts (@mantine/charts) and the order list's calendar loading
 * with the list; after, the chart drawn with the UI kit (ADR 007) and the calendar loaded on first use.
 *                      before                                   after
 *   page               reqs  script raw / gzip / br     LCP 4G  reqs  script raw / gzip / br    LCP 4G
 *   sign-in              22   634.3 / 200.3 / 173.9 KB  3028 ms   22   634.3 / 200.3 / 174.0 KB  3048 ms
 *   super-admin, admin   76  1287.5 / 403.3 / 348.9 KB  9064 ms   73   824.0 / 273.9 / 240.4 KB  9052 ms
 *   chain-admin          57  1125.3 / 350.0 / 301.2 KB  7716 ms   56   717.9 / 236.2 / 206.5 KB  7912 ms
 *   regional-director    57  1125.3 / 350.0 / 301.2 KB  7664 ms   56   717.9 / 236.2 / 206.5 KB  7780 ms
 *   store-manager        57  1125.3 / 350.0 / 301.2 KB  7796 ms   56   717.9 / 236.2 / 206.5 KB  7884 ms
 *   technician           54   706.6 / 232.1 / 202.7 KB  7784 ms   55   717.9 / 236.2 / 206.5 KB  7800 ms
 * (The sign-in page's budget figure, what it needs to show, is 145.6 KB.) The slow-4G LCP is set by
 * the number of files more than their bytes: this server speaks HTTP/1.1, six connections a host, so
 * 56-73 files take 10-12 round trips of 562 ms. A build that put the UI kit's shared modules in one
 * chunk cut the signed-in LCP to 5.1-6.4 s at +22 KB for the welcome pages; behind an HTTP/2 proxy
 * (the README's Caddy) the files share one connection, so it was not kept.
 * Left: the admins' first screen is ~274 KB gzip (240 KB brotli); the other roles' 236 KB (207 KB).
 *
 * Measured 2026-11-24 again (load average ~2), after the parts no first screen shows were made to load
 * when first used: the toast container (with the first toast), a delete confirmation, a list row's
 * quick menu and the bell's list (with their first click), the filters' dropdowns (stand-in fields
 * until reached), tooltips (with their first hover); dates formatted with Intl instead of dayjs; and
 * the UI kit's ScrollArea no longer pulling the whole of @floating-ui into every table (vite.config.ts).
 *                      before (the table above, after)         after
 *   page               reqs  script raw / gzip / br     LCP 4G  reqs  script raw / gzip / br    LCP 4G
 *   sign-in              22   634.3 / 200.3 / 174.0 KB  3048 ms   15   582.7 / 181.0 / 156.6 KB  3036 ms
 *   super-admin, admin   73   824.0 / 273.9 / 240.4 KB  9052 ms   77   652.8 / 217.0 / 189.1 KB  9132 ms
 *   chain-admin          56   717.9 / 236.2 / 206.5 KB  7912 ms   57   602.0 / 195.2 / 169.6 KB  8084 ms
 *   regional-director    56   717.9 / 236.2 / 206.5 KB  7780 ms   57   602.0 / 195.2 / 169.6 KB  8152 ms
 *   store-manager        56   717.9 / 236.2 / 206.5 KB  7884 ms   57   602.0 / 195.2 / 169.6 KB  8076 ms
 *   technician           55   717.9 / 236.2 / 206.5 KB  7800 ms   56   602.0 / 195.2 / 169.6 KB  8024 ms
 * (The sign-in page's budget figure is 145.9 KB.) Every first screen is now under 220 KB gzip and
 * 190 KB brotli. The slow-4G LCP is unchanged: it is set by the number of files over HTTP/1.1, as above.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { login, type RunningServer, startServer } from './lib/server.ts';

const { values } = parseArgs({ options: { url: { type: 'string' } } });

/** localStorage keys of apps/web/src/lib/storage.ts: a signed-in visit starts with them set. */
const STORAGE_KEYS = { token: 'wop.token', tokenExpiresAt: 'wop.token_expires_at', language: 'wop.language' };

/** The sign-in page, then each role's first screen (`/`: the welcome page, or the order list it redirects to). */
const PAGES: { name: string; email?: string }[] = [
  { name: 'sign-in' },
  { name: 'super-admin', email: 'superadmin@example.com' },
  { name: 'admin', email: 'admin@example.com' },
  { name: 'chain-admin', email: 'chainadmin@example.com' },
  { name: 'regional-director', email: 'director@example.com' },
  { name: 'store-manager', email: 'store@example.com' },
  { name: 'technician', email: 'tech@example.com' },
];

/** Lighthouse's DevTools throttling for its mobile profile ("slow 4G"). */
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];

interface Loaded {
  url: string;
  type: string;
  headers: Record<string, string>;
  /** Encoded body bytes the browser received, and the encoding the server chose. */
  received: number;
  encoding: string;
}

interface Visit {
  lcpMs: number | null;
  loaded: Loaded[];
}

/** Runs in the page: the start time of the last Largest Contentful Paint candidate (a string: bench has no DOM types). */
const LARGEST_CONTENTFUL_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    resolve(entries.length ? entries[entries.length - 1].startTime : null);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(null), 3000);
})`;

function findChromium(): string {
  const candidates = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .flatMap((dir) => ['chromium', 'chromium-browser'].map((name) => path.join(dir, name)));
  const found = candidates.find((file) => fs.existsSync(file));
  if (!found) throw new Error('no Chromium: install the chromium package or set CHROMIUM_PATH');
  return found;
}

async function signedInContext(browser: Browser, base: string, email?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, locale: 'en-GB' });
  if (email) {
    const token = await login(base, email);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await context.addInitScript(
      ([keys, token, expiresAt]) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.tokenExpiresAt, expiresAt);
        localStorage.setItem(keys.language, 'en');
      },
      [STORAGE_KEYS, token, expiresAt] as const,
    );
  }
  return context;
}

async function visit(browser: Browser, base: string, page: (typeof PAGES)[number], throttled: boolean): Promise<Visit> {
  const context = await signedInContext(browser, base, page.email);
  const tab = await context.newPage();
  if (throttled) {
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  }
  const pending: Promise<Loaded | null>[] = [];
  const record = (request: Request) => {
    pending.push(
      (async (): Promise<Loaded | null> => {
        const url = new URL(request.url());
        if (request.method() !== 'GET' || url.origin !== new URL(base).origin) return null;
        if (request.resourceType() === 'eventsource') return null;
        const response = await request.response();
        if (response?.status() !== 200) return null;
        const [sizes, headers, responseHeaders] = await Promise.all([
          request.sizes(),
          request.allHeaders(),
          response.allHeaders(),
        ]);
        return {
          url: request.url(),
          type: request.resourceType(),
          headers,
          received: sizes.responseBodySize,
          encoding: responseHeaders['content-encoding'] ?? 'identity',
        };
      })().catch(() => null), // a request still running when the visit ends is not part of the first screen
    );
  };
  tab.on('requestfinished', record);
  const quiet = watchNetwork(tab);
  await tab.goto(page.email ? '/' : '/login', { waitUntil: 'load', timeout: 120_000 });
  await quiet();
  const lcpMs = await tab.evaluate<number | null>(LARGEST_CONTENTFUL_PAINT);
  tab.off('requestfinished', record);
  if (process.env.WEB_DELIVERY_DEBUG) console.log(page.name, await Promise.all(pending));
  const loaded = (await Promise.all(pending)).filter((entry): entry is Loaded => entry !== null);
  await context.close();
  return { lcpMs, loaded };
}

/**
 * Resolves once no request has been in flight for a second: the first screen has loaded its chunks and
 * its data (a lazy page chunk starts only after the profile call, which `networkidle` can miss). The
 * live event stream does not count: it stays open.
 */
function watchNetwork(tab: Page): () => Promise<void> {
  let inFlight = 0;
  let lastChange = Date.now();
  // The live event stream (/api/events) stays open for as long as the page does: it is not loading.
  const change = (delta: number) => (request: Request) => {
    if (new URL(request.url()).pathname === '/api/events') return;
    inFlight += delta;
    lastChange = Date.now();
  };
  tab.on('request', change(1));
  tab.on('requestfinished', change(-1));
  tab.on('requestfailed', change(-1));
  return async () => {
    const deadline = Date.now() + 120_000;
    while (inFlight > 0 || Date.now() - lastChange < 1_000) {
      if (Date.now() > deadline) throw new Error('the page never went quiet');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
}

/** The encoded body bytes the server sends for one URL with one Accept-Encoding (no decompression). */
function encodedSize(url: string, headers: Record<string, string>, encoding: Encoding): Promise<number> {
  const forwarded = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith(':') && !/^(accept-encoding|cookie|host)$/i.test(name)),
  );
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { ...forwarded, 'accept-encoding': encoding } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

async function main() {
  let server: RunningServer | null = null;
  let base = values.url;
  if (!base) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-web-delivery-'));
    console.log(`starting the server on a demo database in ${dataDir} ...`);
    server = await startServer({ dataDir, logFile: path.join(dataDir, 'server.log'), env: { SEED_DEMO: 'true' } });
    base = server.url;
  }
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  try {
    console.log(`web delivery at ${base} (cold cache each visit; KB = 1,000 bytes)\n`);
    const header = [
      'page'.padEnd(18),
      'reqs',
      'script raw / gzip / br'.padStart(30),
      'all raw / gzip / br'.padStart(30),
      'browser got'.padStart(12),
      'encodings'.padStart(18),
      'LCP loopback'.padStart(13),
      'LCP slow 4G'.padStart(12),
    ];
    console.log(header.join('  '));
    for (const page of PAGES) {
      const fast = await visit(browser, base, page, false);
      const slow = await visit(browser, base, page, true);
      const totals = { all: { identity: 0, gzip: 0, br: 0 }, script: { identity: 0, gzip: 0, br: 0 } };
      for (const entry of fast.loaded) {
        for (const encoding of ENCODINGS) {
          const size = await encodedSize(entry.url, entry.headers, encoding);
          totals.all[encoding] += size;
          if (entry.type === 'script') totals.script[encoding] += size;
        }
      }
      const encodings = [...new Set(fast.loaded.map((entry) => entry.encoding))].sort().join(',');
      const triple = (t: Record<Encoding, number>) => `${kb(t.identity)} / ${kb(t.gzip)} / ${kb(t.br)}`;
      console.log(
        [
          page.name.padEnd(18),
          String(fast.loaded.length).padStart(4),
          triple(totals.script).padStart(30),
          triple(totals.all).padStart(30),
          kb(fast.loaded.reduce((sum, entry) => sum + entry.received, 0)).padStart(12),
          encodings.padStart(18),
          ms(fast.lcpMs).padStart(13),
          ms(slow.lcpMs).padStart(12),
        ].join('  '),
      );
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

await main();
