import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const METRICS_TOKEN = 'scrape-me-please-0123456789';

describe('readiness', async () => {
  const app = await createTestApp();

  it('is ready while the request pool answers, and liveness stays a plain 200', async () => {
    const ready = await call(app, 'GET', '/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect((await call(app, 'GET', '/api/health')).statusCode).toBe(200);
  });

  it('answers 503 within about 2 s when no pooled connection frees up', async () => {
    const pool = app.database.pool;
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
    try {
      const started = Date.now();
      const res = await call(app, 'GET', '/api/health/ready');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(Date.now() - started).toBeLessThan(4000);
    } finally {
      for (const client of held) client.release();
    }
    expect((await call(app, 'GET', '/api/health/ready')).statusCode).toBe(200);
  });
});

describe('metrics', async () => {
  const off = await createTestApp();
  const on = await createTestApp({ METRICS_TOKEN });

  it('are off (404) unless METRICS_TOKEN is set', async () => {
    expect(
      (await call(off, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).statusCode,
    ).toBe(404);
  });

  it('want the token when on', async () => {
    expect((await call(on, 'GET', '/api/metrics')).statusCode).toBe(401);
    expect((await call(on, 'GET', '/api/metrics', { headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(
      401,
    );
    // A user's session is not the metrics token.
    expect((await call(on, 'GET', '/api/metrics', { as: 'superAdmin' })).statusCode).toBe(401);
  });

  it('count requests by route pattern and status, time them, and show the pool', async () => {
    await call(on, 'GET', '/api/orders/1', { as: 'store' });
    await call(on, 'GET', '/api/orders/1', { as: 'store' });
    await call(on, 'GET', '/api/orders/999999', { as: 'store' });
    const res = await call(on, 'GET', '/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/orders\/:id",status="200"\} 2\n/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/orders\/:id",status="404"\} 1\n/);
    expect(text).not.toContain('/api/orders/999999');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/orders\/:id"\} 3\n/);
    expect(text).toMatch(/db_pool_max_connections \d+\n/);
    expect(text).toMatch(/db_pool_waiting_requests 0\n/);
    // No SMTP server in tests: nothing is queued for e-mail in the demo data.
    expect(text).toMatch(/wop_mail_outbox_backlog 0\n/);
  });
});

describe('logs', async () => {
  const lines: string[] = [];
  const app = await createTestApp(
    { LOG_LEVEL: 'info' },
    { logger: true, logStream: { write: (line) => lines.push(line) } },
  );

  it('are one JSON object a line, and every line of a request carries its id', async () => {
    const res = await call(app, 'GET', '/api/orders', { as: 'store', headers: { 'x-request-id': 'trace-42' } });
    expect(res.headers['x-request-id']).toBe('trace-42');
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string });
    const ofRequest = parsed.filter((entry) => entry.reqId === 'trace-42');
    expect(ofRequest.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
    expect(parsed.filter((entry) => /request/.test(entry.msg) && !entry.reqId)).toEqual([]);
  });
});
