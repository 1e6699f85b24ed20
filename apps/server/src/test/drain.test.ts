// SIGTERM on a real server process while an upload is half sent and an event stream is open: the
// upload finishes and is kept, the stream is ended (a browser reconnects elsewhere with
// Last-Event-ID), new connections are refused meanwhile, and the process exits 0 well within 15 s.

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { newSecretsKey } from '../lib/secrets.ts';
import { call, DEMO, freshInstall, multipart } from './app.ts';
import { files } from './files.ts';
import { openStream } from './live.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server's environment on a fresh install of the seeded test template. */
async function freshEnv() {
  const { dataDir, databaseUrl } = await freshInstall();
  return {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, SECRETS_KEY: newSecretsKey() } : {}),
  };
}

/** Starts `node src/server.ts` on a free port; resolves with its port once it listens. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; log: string[] }> {
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const log: string[] = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        log.push(line);
        const port = /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line)?.[1];
        if (port) resolve({ child, port: Number(port), log });
      }
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening`)));
  });
}

describe('SIGTERM while a request is in flight and an event stream is open', () => {
  it('finishes the request, ends the stream, refuses new connections, exits 0 within 15 s, and keeps what it wrote', async () => {
    const env = await freshEnv();
    const { child, port, log } = await startServer(env);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.store, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { payload: { access_token: string } }).payload.access_token;

    const stream = await openStream(`http://127.0.0.1:${port}`, { authorization: `Bearer ${token}` });
    expect(stream.res.status).toBe(200);

    const body = multipart({}, [{ field: 'documents[]', name: 'under avstängning.pdf', data: files.pdf() }]);
    const half = Math.floor(body.payload.length / 2);
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/orders/1/upload',
      headers: { ...body.headers, authorization: `Bearer ${token}`, 'content-length': body.payload.length },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body.payload.subarray(0, half));
    await sleep(500);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const termAt = Date.now();
    child.kill('SIGTERM');
    await sleep(500);
    // The listener is closed: a new connection is refused while the upload is still under way.
    await expect(fetch(`http://127.0.0.1:${port}/api/health/ready`)).rejects.toThrow();
    request.end(body.payload.subarray(half));

    const result = await answer;
    expect(result.status).toBe(201);
    await stream.ended;
    expect(await exited).toBe(0);
    expect(Date.now() - termAt).toBeLessThan(15_000);
    expect(log.some((line) => line.includes('shutting down'))).toBe(true);

    // Restarted on the same data: the upload is there, and partial files a crash would leave are swept.
    fs.mkdirSync(path.join(env.DATA_DIR, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(env.DATA_DIR, 'tmp', 'crashed-upload.part'), 'half');
    const app = await buildApp(
      loadConfig({ ...env, LOG_LEVEL: 'silent', WEB_DIST: path.join(env.DATA_DIR, 'no-web') }),
      {
        logger: false,
      },
    );
    try {
      const order = await call(app, 'GET', '/api/orders/1', { as: 'store' });
      const names = order.json().payload.documents.map((d: { name: string }) => d.name);
      expect(names).toContain('under avstängning.pdf');
      expect(fs.readdirSync(path.join(env.DATA_DIR, 'tmp'))).toEqual([]);
    } finally {
      await app.close();
    }
  }, 120_000);
});
