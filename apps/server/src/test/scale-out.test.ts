// Two instances of the app, each with its own connection pool, on one PostgreSQL database and one
// S3-compatible bucket: what one instance does, the other sees. Needs PostgreSQL (DATABASE_URL);
// the embedded database is one process by design.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { newSecretsKey } from '../lib/secrets.ts';
import { MAX_FAILURES_PER_ACCOUNT } from '../modules/auth/login-throttle.ts';
import { call, DEMO, multipart } from './app.ts';
import { files } from './files.ts';
import { openStream, until } from './live.ts';
import { startTestProvider } from './oidc-provider.ts';
import { adminUrl, databaseUrlFor } from './pg.ts';
import { browserSignIn } from './provider-sign-in.ts';
import { startS3 } from './s3.ts';

const baseUrl = process.env.DATABASE_URL;
const PUBLIC_URL = 'http://portal.test';

describe.skipIf(!baseUrl)('two instances on one PostgreSQL database and one bucket', () => {
  let a: App;
  let b: App;
  let stopAll: () => Promise<void>;
  beforeAll(async () => {
    const s3 = await startS3();
    // An empty database: both instances migrate and seed it at once, under the advisory lock.
    const dbName = `wop_scale_${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(baseUrl as string);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dirs: string[] = [];
    // Every instance shares one key: what one seals, the other opens.
    const secretsKey = newSecretsKey();
    const start = () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-instance-'));
      dirs.push(dataDir);
      const config = loadConfig({
        ...s3.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrlFor(baseUrl as string, dbName),
        DATABASE_POOL_SIZE: '3',
        SEED_DEMO: 'true',
        SECRETS_KEY: secretsKey,
        PUBLIC_URL,
        OIDC_ALLOW_PRIVATE: 'true',
        WEB_DIST: path.join(dataDir, 'no-web'),
      });
      return buildApp(config, { logger: false });
    };
    [a, b] = await Promise.all([start(), start()]);
    stopAll = async () => {
      await Promise.all([a.close(), b.close()]);
      const admin = await adminUrl(baseUrl as string);
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
      await s3.stop();
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    };
  }, 180_000);
  afterAll(() => stopAll?.());

  const login = (app: App, email: string, password: string) =>
    call(app, 'POST', '/api/auth/login', { payload: { email, password } });

  it('both came up from an empty database started at once, seeded once', async () => {
    expect((await call(a, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ready' });
    expect((await call(b, 'GET', '/api/health/ready')).json()).toEqual({ status: 'ready' });
    const { rows } = await a.database.pool.query<{ n: number }>(
      `select count(*)::int as n from users where email = $1`,
      [DEMO.store],
    );
    expect(rows[0].n).toBe(1);
  });

  it('a session started on one instance works on the other, and a logout there ends it', async () => {
    const token = (await login(a, DEMO.store, DEMO_PASSWORD)).json().payload.access_token as string;
    const profile = await call(b, 'GET', '/api/profile', { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().payload.email).toBe(DEMO.store);
    expect((await call(b, 'POST', '/api/auth/logout', { token })).statusCode).toBeLessThan(300);
    expect((await call(a, 'GET', '/api/profile', { token })).statusCode).toBe(401);
  });

  it('a sign-in one instance remembers ends there with a logout on the other, and with its listener', async () => {
    await until(() => a.signIns.live && b.signIns.live, 5000, 'both instances listening');
    const token = (await login(a, DEMO.director, DEMO_PASSWORD)).json().payload.access_token as string;
    expect((await call(b, 'GET', '/api/orders', { token })).statusCode).toBe(200);
    expect(b.signIns.size).toBeGreaterThan(0);
    expect((await call(a, 'POST', '/api/auth/logout', { token })).statusCode).toBe(204);
    await expect
      .poll(async () => (await call(b, 'GET', '/api/orders', { token })).statusCode, { timeout: 1000 })
      .toBe(401);

    // B's listening connection dies: B remembers nothing until it listens again.
    const other = (await login(a, DEMO.director, DEMO_PASSWORD)).json().payload.access_token as string;
    expect((await call(b, 'GET', '/api/orders', { token: other })).statusCode).toBe(200);
    expect(b.signIns.size).toBeGreaterThan(0);
    await a.database.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query ilike 'LISTEN wop_sign_ins%' and pid <> pg_backend_pid()`,
    );
    await until(() => !b.signIns.live, 5000, 'B to notice');
    expect(b.signIns.size).toBe(0);
    await until(() => b.signIns.live, 5000, 'B to listen again');
    expect((await call(b, 'GET', '/api/orders', { token: other })).statusCode).toBe(200);
  });

  it('a sign-in at a chain’s provider started on one instance comes back through the other', async () => {
    const provider = await startTestProvider(`${PUBLIC_URL}/api/auth/provider/callback`);
    try {
      const admin = (await login(a, DEMO.admin, DEMO_PASSWORD)).json().payload.access_token as string;
      const oidc = {
        issuer: provider.issuer,
        client_id: provider.clientId,
        client_secret: provider.clientSecret,
        email_domains: ['example.com'],
      };
      // The secret sealed by A opens on B: the instances share SECRETS_KEY.
      expect((await call(a, 'PUT', '/api/chains/1', { token: admin, payload: { oidc } })).statusCode).toBe(200);
      const { done } = await browserSignIn({ start: a, back: b, complete: a }, provider, DEMO.store);
      expect(done.statusCode).toBe(200);
      const token = done.json().payload.access_token as string;
      expect((await call(b, 'GET', '/api/profile', { token })).json().payload.email).toBe(DEMO.store);
    } finally {
      await provider.close();
    }
  });

  it('a file uploaded through one instance downloads through the other', async () => {
    const token = (await login(a, DEMO.store, DEMO_PASSWORD)).json().payload.access_token as string;
    const pdf = files.pdf();
    const upload = multipart({}, [{ field: 'documents[]', name: 'ritning.pdf', data: pdf }]);
    const res = await call(a, 'POST', '/api/orders/1/upload', { token, ...upload });
    expect(res.statusCode).toBe(201);
    const document = res.json().payload.find((d: { name: string }) => d.name === 'ritning.pdf');
    const download = await call(b, 'GET', `/api/orders/1/documents/${document.id}`, { token });
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
  });

  it('a change made through one instance reaches an event stream open on the other', async () => {
    const token = (await login(a, DEMO.store, DEMO_PASSWORD)).json().payload.access_token as string;
    await b.listen({ port: 0, host: '127.0.0.1' });
    const { port } = b.server.address() as AddressInfo;
    const stream = await openStream(`http://127.0.0.1:${port}`, { authorization: `Bearer ${token}` });
    try {
      const message = await call(a, 'POST', '/api/orders/1/messages', {
        as: 'director',
        payload: { body: 'Teknikern kommer i morgon.' },
      });
      expect(message.statusCode).toBe(201);
      await until(
        () => stream.frames.some((f) => f.event === 'message' && (f.data as { order_id?: number }).order_id === 1),
        10_000,
        'the message event on the other instance',
      );
    } finally {
      stream.close();
    }
  });

  it('failed logins on one instance count on the other: both answer 429 with Retry-After', async () => {
    // The counters live in the database: failures on one instance close the door on the other.
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++) {
      const app = i % 2 === 0 ? a : b;
      expect((await login(app, DEMO.tech, 'wrong-password')).statusCode).toBe(401);
    }
    for (const app of [a, b]) {
      const blocked = await login(app, DEMO.tech, 'wrong-password');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});
