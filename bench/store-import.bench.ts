/**
 * Store import speed: one 20,000-row CSV file through POST /api/import/store on the embedded
 * database (PGlite), end to end: upload, parse, every row checked against the store form's rules,
 * all rows written in one transaction, the import record answered.
 *
 * TARGET (issue #7): a 20,000-row store file imports in under 10 s on the embedded database.
 *
 *   node bench/store-import.bench.ts [--rows 20000] [--port 3931] [--keep]
 *
 * Starts its own server (a fresh DATA_DIR under the system temp folder, seeded demo data,
 * 127.0.0.1 only), signs in as the demo admin and imports into the first demo chain.
 * Kept out of `npm test`: a number, not a timed test.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const TARGET_MS = 10_000;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    port: { type: 'string', default: '3931' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const base = `http://127.0.0.1:${values.port}`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-bench-import-'));

const server = spawn(process.execPath, ['apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: values.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
  stdio: ['ignore', 'inherit', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not start.');
}

try {
  await waitForServer();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { payload: { access_token: string } }).payload.access_token;

  const lines = ['store_name,phone,email,invoice_address,contact_person,region_name'];
  const regionNames = ['Stockholm', 'Göteborg', 'Skåne', ''];
  for (let i = 1; i <= rows; i++) {
    lines.push(
      `Bench Store ${i},08${String(10_000_000 + i)},store${i}@bench.example,"Benchgatan ${i}, 111 22 Stockholm",Contact ${i},${regionNames[i % 4]}`,
    );
  }
  const csv = lines.join('\n');
  const form = new FormData();
  form.append('chain_id', '1');
  form.append('data_file', new Blob([csv], { type: 'text/csv' }), 'bench-stores.csv');

  const started = performance.now();
  const res = await fetch(`${base}/api/import/store`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { payload: { total_imported: number } };
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`Import failed: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  console.log(
    JSON.stringify({
      rows,
      bytes: csv.length,
      imported: body.payload.total_imported,
      ms: Math.round(ms),
      target_ms: TARGET_MS,
      ok: ms < TARGET_MS && body.payload.total_imported === rows,
    }),
  );
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
