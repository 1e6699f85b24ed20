import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { newSecretsKey } from '../lib/secrets.ts';
import { assertDocumented } from './openapi-check.ts';
import { adminUrl, databaseUrlFor } from './pg.ts';

export const DEMO = {
  superAdmin: 'superadmin@example.com',
  admin: 'admin@example.com',
  chainAdmin: 'chainadmin@example.com',
  director: 'director@example.com',
  store: 'store@example.com',
  tech: 'tech@example.com',
  /** Extra demo users: a second technician, and a chain-admin and store manager of the second chain. */
  tech2: 'tech2@example.com',
  chainAdmin2: 'chainadmin2@example.com',
  store2: 'store2@example.com',
} as const;
export type DemoUser = keyof typeof DEMO;

/**
 * A fresh copy of the seeded demo database (PGlite by default, PostgreSQL when DATABASE_URL is set)
 * and its files, removed after the test file: its data folder, and on PostgreSQL its database's URL.
 */
export async function freshInstall(): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-app-'));
  const templateDir = inject('templateDir');
  const templateDb = inject('templateDb');
  const baseUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (fs.existsSync(path.join(templateDir, 'files'))) {
    fs.cpSync(path.join(templateDir, 'files'), path.join(dataDir, 'files'), { recursive: true });
  }
  if (baseUrl && templateDb) {
    // Named after this run's template so a teardown only drops its own databases.
    dbName = `wop_t_${templateDb.replace('wop_tpl_', '')}_${randomBytes(6).toString('hex')}`;
    const admin = await adminUrl(baseUrl);
    await admin.query(`create database ${dbName} template ${templateDb}`);
    await admin.end();
    databaseUrl = databaseUrlFor(baseUrl, dbName);
  } else {
    fs.cpSync(path.join(templateDir, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
  }
  // Registered first, so it runs after the apps' own afterAll hooks have closed them.
  afterAll(async () => {
    if (baseUrl && dbName) {
      const admin = await adminUrl(baseUrl);
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir, databaseUrl };
}

/**
 * The configuration of an app on a fresh install (freshInstall). Several apps may start on it
 * (instances sharing PostgreSQL), or one after another (a restart).
 */
export async function createTestConfig(env: Record<string, string> = {}): Promise<Config> {
  const { dataDir, databaseUrl } = await freshInstall();
  return loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // PostgreSQL needs a key; the embedded database makes its own in DATA_DIR.
    SECRETS_KEY: databaseUrl ? newSecretsKey() : undefined,
    // A test file makes thousands of calls from one address; plugins/rate-limit.test.ts sets its own.
    RATE_LIMIT_PER_MINUTE: '0',
    ...env,
  });
}

/** The real app on a fresh copy of the seeded demo database (see createTestConfig). Closed after the test file. */
export async function createTestApp(env: Record<string, string> = {}, options: BuildOptions = {}): Promise<App> {
  const app = await buildApp(await createTestConfig(env), { logger: false, ...options });
  afterAll(() => app.close());
  return app;
}

const tokens = new WeakMap<App, Map<string, string>>();

/** Signs a demo user in (once per app) and returns the bearer token. */
export async function tokenFor(app: App, who: DemoUser): Promise<string> {
  const cache = tokens.get(app) ?? new Map<string, string>();
  tokens.set(app, cache);
  const cached = cache.get(who);
  if (cached) return cached;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: DEMO[who], password: DEMO_PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`Sign-in as ${who} failed: ${res.statusCode} ${res.body}`);
  const token = res.json().payload.access_token as string;
  cache.set(who, token);
  return token;
}

export interface CallOptions {
  as?: DemoUser;
  token?: string;
  payload?: unknown;
  query?: Record<string, string | number>;
  lang?: 'en' | 'sv' | 'fi';
  headers?: Record<string, string>;
}

/** One API call as a demo user (or with a given token, or anonymous). */
export async function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token ?? (options.as ? await tokenFor(app, options.as) : undefined);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.lang) headers.lang = options.lang;
  const query = options.query
    ? Object.fromEntries(Object.entries(options.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  const res = await app.inject({ method, url, headers, query, payload: options.payload as never });
  assertDocumented(app, method, url, res);
  return res;
}

/** Builds a multipart body for app.inject. */
export function multipart(
  fields: Record<string, string | number>,
  files: { field: string; name: string; data: Buffer; type?: string }[] = [],
) {
  const boundary = `----wop${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
