/**
 * Store import speed: one 20,000-row CSV file through POST /api/import/store on the embedded
 * database (PGlite), end to end: upload, parse, every row checked against the store form's rules,
 * all rows written in one transaction, the import record answered.
 *
 * TARGET (issue #7): a 20,000-row store file imports in under 10 s on the embedded database.
 *
 *   node bench/store-import.bench.ts [--rows 20000] [--keep]
 *
 * Starts its own server (a fresh DATA_DIR under the system temp folder, seeded demo data,
 * 127.0.0.1 on a free port), signs in as the demo admin and imports into the first demo chain.
 * Kept out of `npm test`: a number, not a timed test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { login, startServer } from './lib/server.ts';

export const TARGET_MS = 10_000;

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(values.rows);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-bench-import-'));
const server = await startServer({ dataDir, logFile: path.join(dataDir, 'server.log') });
const base = server.url;

try {
  const token = await login(base, 'admin@example.com');

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
  await server.stop();
  if (!values.keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
