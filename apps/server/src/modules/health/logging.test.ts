import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';

const lines: string[] = [];
const app = await createTestApp(
  { LOG_LEVEL: 'info' },
  { logger: true, logStream: { write: (line) => lines.push(line) } },
);

describe('request logs', () => {
  it('never contain the authorization header, a password or a token from a URL, and carry a request id', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@example.com', password: 'demo1234' },
    });
    const token = login.json().payload.access_token as string;
    const res = await app.inject({ method: 'GET', url: '/api/profile', headers: { authorization: `Bearer ${token}` } });
    expect(res.headers['x-request-id']).toBeTruthy();
    await app.inject({ method: 'GET', url: `/api/orders/generatePdf/1?access_token=${token}&token=${token}` });
    const log = lines.join('\n');
    expect(log).toContain('/api/profile');
    expect(log).toContain('access_token=[REDACTED]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('demo1234');
    expect(log).not.toMatch(/authorization/i);
    expect(log).toContain(String(res.headers['x-request-id']));
  });
});
