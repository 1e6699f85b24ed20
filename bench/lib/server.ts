// Shared helpers for bench scripts: start the real server on a data directory, sign in, call the API.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newSecretsKey } from '../../apps/server/src/lib/secrets.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const DEMO_PASSWORD = 'demo1234';
/** One key for every server a bench starts: instances on one PostgreSQL must share it. */
export const BENCH_SECRETS_KEY = process.env.SECRETS_KEY ?? newSecretsKey();

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first /api/health 200. */
  startMs: number;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (no shutdown at all) and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * Starts apps/server/src/server.ts with the running Node on a free port and waits for /api/health.
 * The server's output is appended to `logFile`. `env` adds to (or, with undefined, removes from) the environment.
 */
export async function startServer(options: {
  dataDir: string;
  logFile: string;
  env?: Record<string, string | undefined>;
  timeoutMs?: number;
  /** Another checkout's apps/server/src/server.ts (before/after comparisons); this one by default. */
  script?: string;
}): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: undefined,
    SECRETS_KEY: BENCH_SECRETS_KEY,
    // The load comes from one address: the limit per address would measure itself.
    RATE_LIMIT_PER_MINUTE: '0',
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  const log = fs.openSync(options.logFile, 'a');
  const started = Date.now();
  const script = options.script ?? path.join(root, 'apps/server/src/server.ts');
  const child = spawn(process.execPath, [script], {
    cwd: path.resolve(path.dirname(script), '..'),
    env,
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = started + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} (see ${options.logFile})`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`no /api/health within ${options.timeoutMs ?? 120_000} ms (see ${options.logFile})`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const startMs = Date.now() - started;
  const end = (signal: NodeJS.Signals) => async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, startMs, stop: end('SIGTERM'), kill: end('SIGKILL') };
}

/** Signs a user in; answers the bearer token. */
export async function login(url: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payload: { access_token: string } }).payload.access_token;
}

/** One JSON call; answers the status and the parsed body (null when there is none). */
export async function api<T = unknown>(
  url: string,
  token: string,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
