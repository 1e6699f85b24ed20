import { describe, expect, it } from 'vitest';
import { createTestApp, DEMO } from '../../test/app.ts';
import { MAX_FAILURES_PER_ACCOUNT, MAX_FAILURES_PER_ADDRESS, THROTTLE_WINDOW_MINUTES } from './login-throttle.ts';

const app = await createTestApp();
const proxied = await createTestApp({ TRUST_PROXY: '1' });

const login = (email: string, password: string, ip: string, headers: Record<string, string> = {}, on = app) =>
  on.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers });

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>((count, res) => {
    count[res.statusCode] = (count[res.statusCode] ?? 0) + 1;
    return count;
  }, {});

describe('sign-in throttling', () => {
  it('lets exactly 5 of 12 parallel wrong passwords for one e-mail be tried, then 429 with Retry-After', async () => {
    const tries = await Promise.all(Array.from({ length: 12 }, () => login(DEMO.tech2, 'wrong-password', '10.20.0.1')));
    expect(statuses(tries)).toEqual({ 401: MAX_FAILURES_PER_ACCOUNT, 429: 12 - MAX_FAILURES_PER_ACCOUNT });
    for (const res of tries.filter((r) => r.statusCode === 429)) {
      const seconds = Number(res.headers['retry-after']);
      expect(seconds).toBeGreaterThan(THROTTLE_WINDOW_MINUTES * 60 - 30);
      expect(seconds).toBeLessThanOrEqual(THROTTLE_WINDOW_MINUTES * 60);
    }
    // Localized, and the right password does not get past it.
    const right = await login(DEMO.tech2, 'demo1234', '10.20.0.1', { lang: 'sv' });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^För många försök\. Försök igen om \d+ sekunder\.$/);
    // The same e-mail from another address, and another e-mail from this address, are not held up.
    expect((await login(DEMO.tech2, 'demo1234', '10.20.0.2')).statusCode).toBe(200);
    expect((await login(DEMO.tech, 'demo1234', '10.20.0.1')).statusCode).toBe(200);
  });

  it('opens again when the window has passed', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) await login(DEMO.director, 'nope', '10.21.0.1');
    expect((await login(DEMO.director, 'demo1234', '10.21.0.1')).statusCode).toBe(429);
    await app.database.pool.query(
      `update login_attempts set window_start = window_start - interval '${THROTTLE_WINDOW_MINUTES} minutes'`,
    );
    expect((await login(DEMO.director, 'demo1234', '10.21.0.1')).statusCode).toBe(200);
  });

  it('never counts a success, and a success clears that e-mail’s failures from that address', async () => {
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT - 1; i++) {
      expect((await login(DEMO.store, 'nope', '10.22.0.1')).statusCode).toBe(401);
    }
    for (let i = 0; i < 10; i++) expect((await login(DEMO.store, 'demo1234', '10.22.0.1')).statusCode).toBe(200);
    const again = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_ACCOUNT + 2 }, () => login(DEMO.store, 'nope', '10.22.0.1')),
    );
    expect(statuses(again)).toEqual({ 401: MAX_FAILURES_PER_ACCOUNT, 429: 2 });
  });

  it('lets exactly 100 parallel failures from one address through, whatever the e-mails, successes aside', async () => {
    for (let i = 0; i < 5; i++) expect((await login(DEMO.admin, 'demo1234', '10.23.0.1')).statusCode).toBe(200);
    const tries = await Promise.all(
      Array.from({ length: MAX_FAILURES_PER_ADDRESS + 10 }, (_, i) =>
        login(`nobody${i}@example.com`, 'nope', '10.23.0.1'),
      ),
    );
    expect(statuses(tries)).toEqual({ 401: MAX_FAILURES_PER_ADDRESS, 429: 10 });
    expect((await login(DEMO.admin, 'demo1234', '10.23.0.1')).statusCode).toBe(429);
    expect((await login(DEMO.admin, 'demo1234', '10.23.0.2')).statusCode).toBe(200);
  });

  it('behind TRUST_PROXY=1 counts the address the proxy appended, not what the client wrote', async () => {
    const tries = [];
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 1; i++) {
      // The client rewrites the leftmost entry every time; the proxy appends the real address.
      const headers = { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.7` };
      tries.push(await login(DEMO.tech, 'nope', '10.0.0.254', headers, proxied));
    }
    expect(tries.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client behind the same proxy is another address.
    const other = await login(DEMO.tech, 'demo1234', '10.0.0.254', { 'x-forwarded-for': '203.0.113.8' }, proxied);
    expect(other.statusCode).toBe(200);
  });

  it('without TRUST_PROXY ignores X-Forwarded-For altogether', async () => {
    const tries = [];
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT + 1; i++) {
      tries.push(await login(DEMO.chainAdmin, 'nope', '10.24.0.1', { 'x-forwarded-for': `198.51.100.${i}` }));
    }
    expect(tries.at(-1)?.statusCode).toBe(429);
  });
});
