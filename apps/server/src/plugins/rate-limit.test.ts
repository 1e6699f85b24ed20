import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

// The instance-wide limit per client address (RATE_LIMIT_PER_MINUTE), small here.
const LIMIT = 5;
const app = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
await app.ready();

const from = (remoteAddress: string, url: string, lang = 'en') =>
  app.inject({ method: 'GET', url, remoteAddress, headers: { lang } });

describe('the rate limit per client address', () => {
  it('answers 429 with Retry-After past the limit, in the caller language, and counts each address apart', async () => {
    // Twice the limit: a new minute may begin during the loop, never twice.
    let limited: Awaited<ReturnType<typeof from>> | undefined;
    for (let i = 0; i < 2 * LIMIT + 1 && !limited; i++) {
      const res = await from('203.0.113.7', '/api/config', 'sv');
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(200);
    }
    expect(limited?.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited?.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited?.json().message).toMatch(/^För många anrop från den här adressen\. Försök igen om \d+ sekunder\.$/);
    // Another address is not held back, nor the probes of the limited one.
    expect((await from('203.0.113.8', '/api/config')).statusCode).toBe(200);
    expect((await from('203.0.113.7', '/api/health')).statusCode).toBe(200);
  });

  it('holds back signed-in calls too, before their sign-in is read', async () => {
    let status = 0;
    for (let i = 0; i < 2 * LIMIT + 1 && status !== 429; i++) {
      status = (await app.inject({ method: 'GET', url: '/api/orders', remoteAddress: '198.51.100.4' })).statusCode;
      if (status !== 429) expect(status).toBe(401);
    }
    expect(status).toBe(429);
  });

  it('is in the OpenAPI document: 429 with Retry-After on every route but the health probes', async () => {
    const document = app.swagger() as OpenAPIV3.Document;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const operation of Object.values(item ?? {}) as OpenAPIV3.OperationObject[]) {
        if (!operation?.responses) continue;
        const tooMany = operation.responses['429'] as OpenAPIV3.ResponseObject | undefined;
        if (/^\/api\/health/.test(path) || path === '/api/metrics') {
          expect(tooMany, path).toBeUndefined();
          continue;
        }
        expect(tooMany?.headers?.['Retry-After'], path).toMatchObject({ schema: { type: 'integer' } });
      }
    }
  });
});
