import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp } from '../test/app.ts';
import { inlineScriptHashes } from './security.ts';

// A built web app in miniature: an index.html and a hashed asset.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-web-'));
fs.mkdirSync(path.join(webDist, 'static'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/static/index-Bx3k9Q.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'static', 'index-Bx3k9Q.js'), 'console.log("app");');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const lines: string[] = [];
const app = await createTestApp(
  { WEB_DIST: webDist, TRUST_PROXY: '1', LOG_LEVEL: 'info' },
  { logger: true, logStream: { write: (line) => lines.push(line) } },
);

const CSP =
  "default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';" +
  "img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';" +
  "form-action 'self';frame-ancestors 'none'";

/** Headers every answer carries, whatever it is. */
const COMMON = {
  'content-security-policy': CSP,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/** The headers of a file the server sends from the web app's build. */
const fileHeaders = (cacheControl: string, contentType: unknown) => ({
  ...COMMON,
  'accept-ranges': 'bytes',
  'cache-control': cacheControl,
  connection: 'keep-alive',
  'content-length': expect.any(String),
  'content-type': contentType,
  vary: 'accept-encoding',
});

/** Every header of an answer but those that vary per request or per build. */
function headersOf(res: { headers: Record<string, unknown> }) {
  const { date, 'x-request-id': requestId, etag, 'last-modified': lastModified, ...rest } = res.headers;
  expect(requestId).toBeTruthy();
  return rest;
}

describe('security headers', () => {
  it('lists exactly these headers on the web app, a hashed asset and an API answer', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(headersOf(page)).toEqual(fileHeaders('no-cache', 'text/html; charset=utf-8'));
    // The page itself has no inline script for the policy to refuse.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

    const asset = await app.inject({ method: 'GET', url: '/static/index-Bx3k9Q.js' });
    expect(asset.statusCode).toBe(200);
    expect(headersOf(asset)).toEqual(
      fileHeaders(
        'public, max-age=31536000, immutable',
        expect.stringMatching(/^(text|application)\/javascript; charset=utf-8$/),
      ),
    );

    const api = await call(app, 'GET', '/api/profile', { as: 'store' });
    expect(api.statusCode).toBe(200);
    expect(headersOf(api)).toEqual({
      ...COMMON,
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'content-length': expect.any(String),
      'content-type': 'application/json; charset=utf-8',
    });
  });

  it('gives every API answer no-store and nosniff, errors and the SPA fallback the policy', async () => {
    for (const res of [
      await app.inject({ method: 'GET', url: '/api/profile' }),
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
    ]) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    const deepLink = await app.inject({ method: 'GET', url: '/orders/12' });
    expect(deepLink.headers['content-type']).toMatch(/^text\/html/);
    expect(deepLink.headers['content-security-policy']).toBe(CSP);
  });

  it('sends HSTS only when the request came over HTTPS through the trusted proxy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const https = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the inline script of the web app', () => {
  it('is allowed by its hash, and no other inline script is', async () => {
    // As the build writes the start hints into index.html (apps/web/vite.config.ts, `startHints`).
    const hints = 'window.hinted=!0;';
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-web-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><script>${hints}</script><script type="module" src="/static/index-Bx3k9Q.js"></script></head></html>`,
    );
    const withHints = await createTestApp({ WEB_DIST: dist });
    try {
      const res = await withHints.inject({ method: 'GET', url: '/orders' });
      expect(res.body).toContain(`<script>${hints}</script>`);
      // Base64 of the SHA-256 of the script's text, as CSP Level 2 defines a hash source.
      const digest = createHash('sha256').update(hints, 'utf8').digest('base64');
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${digest}';`);
      expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe/);
      expect(inlineScriptHashes(dist)).toEqual([`'sha256-${digest}'`]);
      expect(inlineScriptHashes(webDist)).toEqual([]);
      expect(inlineScriptHashes(null)).toEqual([]);
    } finally {
      await withHints.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('logs', () => {
  it('never carry a token from a URL, however the parameter is spelled or encoded', async () => {
    const secret = 'TopSecretTokenValue123';
    const urls = [
      `/api/orders/generatePdf/1?access_token=${secret}`,
      `/api/orders/generatePdf/1?lang=sv&token=${secret}`,
      `/api/orders/generatePdf/1?%61ccess_token=${secret}`,
      `/api/orders/generatePdf/1?ACCESS%5FTOKEN=${secret}`,
      `/api/orders/generatePdf/1?%2561ccess_token=${secret}`,
      `/api/events?ticket=${secret}`,
      `/api/orders/generatePdf/1?a=1&access_token=${secret}&b=2`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });
    const logged = lines.join('');
    expect(logged).toContain('[REDACTED]');
    expect(logged).not.toContain(secret);
  });

  it('carry no password, e-mail address or body when a request fails', async () => {
    const email = 'someone.private@example.com';
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'hunter2-secret' } });
    // A database failure: Drizzle's message lists the query's parameters, the cause names the value.
    const failure = await app.db.execute(sql`select ${email}::int, ${'hunter2-secret'}::int`).catch((e: Error) => e);
    expect(String(failure)).toContain(email);
    app.log.error({ err: failure }, 'unexpected error');
    const logged = lines.join('');
    expect(logged).toContain('unexpected error');
    expect(logged).not.toContain('hunter2-secret');
    expect(logged).not.toContain(email);
  });
});
