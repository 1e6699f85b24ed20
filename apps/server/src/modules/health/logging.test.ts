import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';

describe('request logs', () => {
  const lines: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-log-'));
  fs.cpSync(path.join(inject('templateDir'), 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  const appPromise = buildApp(
    loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'info', DATABASE_URL: undefined }),
    { logStream: { write: (line) => lines.push(line) } },
  );
  afterAll(async () => {
    await (await appPromise).close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never contain the authorization header, a password or a token from a URL, and carry a request id', async () => {
    const app = await appPromise;
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
