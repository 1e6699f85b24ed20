import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, tokenFor } from '../test/app.ts';

// A built web app as the build leaves it: hashed assets with brotli and gzip files beside them.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-web-'));
const html = '<!doctype html><html><head><script type="module" src="/static/index-Ab12Cd34.js"></script></head></html>';
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ row: i, text: 'order' })))};`;
const asset = '/static/index-Ab12Cd34.js';
fs.mkdirSync(path.join(webDist, 'static'));
fs.mkdirSync(path.join(webDist, '.vite'));
fs.writeFileSync(path.join(webDist, 'index.html'), html);
fs.writeFileSync(path.join(webDist, asset), script);
fs.writeFileSync(path.join(webDist, `${asset}.br`), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(webDist, `${asset}.gz`), zlib.gzipSync(script));
fs.writeFileSync(path.join(webDist, `${asset}.map`), '{"version":3,"sources":["src/secret.ts"],"mappings":""}');
fs.writeFileSync(path.join(webDist, '.vite/manifest.json'), '{}');
// The installable app: its service worker (precompressed like every script) and web app manifest.
const worker = `const BUILD = {"version":"1a2b","precache":["/"]};\n${'self.addEventListener("fetch", () => {});\n'.repeat(40)}`;
const webManifest = JSON.stringify({ name: 'Work orders', start_url: '/', display: 'standalone', icons: [] });
fs.writeFileSync(path.join(webDist, 'sw.js'), worker);
fs.writeFileSync(path.join(webDist, 'sw.js.br'), zlib.brotliCompressSync(worker));
fs.writeFileSync(path.join(webDist, 'manifest.webmanifest'), webManifest);

const app = await createTestApp({ WEB_DIST: webDist });

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('the web app on the wire', () => {
  it('sends index.html to be revalidated on every visit', async () => {
    const res = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
    expect((await get('/')).body).toBe(html);
  });

  it("answers the pages of the asset register, a scanned label's tag with a dot included, with index.html", async () => {
    for (const url of ['/assets', '/assets/12', '/assets/tag/FRZ.01', '/assets/import']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(html);
    }
  });

  it('answers a deep link with index.html, also to be revalidated', async () => {
    const res = await get('/orders/42?tab=files');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(html);
  });

  it('sends a hashed asset brotli-compressed to a browser that accepts brotli, cached for a year', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip', async () => {
    const res = await get(asset, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(asset, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(script);
    }
  });

  it('never serves a source map or a build record, and answers a missing asset 404 rather than the page', async () => {
    for (const url of [`${asset}.map`, '/.vite/manifest.json', '/static/index-Gone1234.js']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.body).not.toContain('sources');
      expect(res.body).not.toContain('<html>');
    }
  });
});

describe('the installable app on the wire', () => {
  it('sends the service worker as a script revalidated on every visit, so a new deploy is found at once', async () => {
    const res = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(worker);
    // Served from the root, its scope is the whole app: no Service-Worker-Allowed needed.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
  });

  it('sends the web app manifest as application/manifest+json, revalidated on every visit', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Work orders', start_url: '/' });
  });

  it('keeps the strict Content-Security-Policy on the worker and the manifest', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest', '/']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    }
  });

  it('answers a missing worker 404, never the page (a browser would refuse HTML as a worker)', async () => {
    const res = await get('/other-sw.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html>');
  });
});

describe('API JSON on the wire', () => {
  const ordersUrl = '/api/orders?limit=25';

  it('compresses a JSON answer over 1 KB with zstd, brotli or gzip, as the client accepts', async () => {
    const token = await tokenFor(app, 'admin');
    const plain = await get(ordersUrl, { authorization: `Bearer ${token}` });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    // What Chromium asks for: zstd, the fastest of the three at the size of brotli.
    const zstd = await get(ordersUrl, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(zstd.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(zstd.headers['content-length'])).toBe(zstd.rawPayload.length);
    expect(zstd.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.zstdDecompressSync(zstd.rawPayload).toString())).toEqual(plain.json());

    // What Safari asks for.
    const br = await get(ordersUrl, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get(ordersUrl, { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const refused = await get(ordersUrl, {
      authorization: `Bearer ${token}`,
      'accept-encoding': 'zstd;q=0, br;q=0, gzip;q=0.5',
    });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('compresses the OpenAPI document too', async () => {
    const res = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('keeps unknown API paths a JSON 404', async () => {
    const res = await get('/api/no-such-thing', { accept: 'text/html' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
