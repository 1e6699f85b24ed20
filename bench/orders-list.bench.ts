/**
 * Orders list latency: a chain-admin's filtered, sorted first page with its total, through the real
 * app (buildApp + app.inject: routing, auth, validation, scope, SQL, serialization), on the data set
 * of bench/generate-orders.ts (1,000,000 orders over 5,000 stores; the chain-admin sees ~40,000).
 *
 * TARGET (issue #5): median under 50 ms on PostgreSQL, under 200 ms on the embedded database,
 * for every query below.
 *
 *   node bench/orders-list.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_bench
 *   node bench/orders-list.bench.ts --data-dir /tmp/wop-bench-embedded
 *       [--runs 200] [--warmup 20]
 *
 * Measured 2026-11-21 on the 2-core dev machine under load from other jobs (load average ~20),
 * 1,000,040 orders / 5,017 stores, chain-admin of a 40,000-order chain, medians (p95):
 *   PostgreSQL 15: 19.5-40.5 ms (52-100 ms) over the seven queries  -> met (< 50 ms)
 *   embedded PGlite: 15.1-44.7 ms (42-164 ms)                         -> met (< 200 ms)
 * A free-text search that matches a large share of the chain (e.g. a word in 1 of 8 descriptions)
 * is not index-bound and is not part of the target: ~230 ms on PostgreSQL in the same conditions.
 *
 * Kept out of `npm test`: numbers, not a timed test.
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { BENCH_CHAIN_ADMIN } from './orders-bench-user.ts';

export const TARGET_MEDIAN_MS = { postgres: 50, embedded: 200 } as const;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
  },
});
if (!values.db && !values['data-dir']) {
  console.error('Give --db postgres://... or --data-dir DIR (as for bench/generate-orders.ts).');
  process.exit(2);
}
const mode = values.db ? 'postgres' : 'embedded';
const runs = Number(values.runs);
const warmup = Number(values.warmup);

const app = await buildApp(
  loadConfig({
    DATABASE_URL: values.db,
    DATA_DIR: values['data-dir'] ?? path.join(os.tmpdir(), 'wop-orders-bench-files'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  }),
  { logger: false },
);

try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: BENCH_CHAIN_ADMIN.email, password: BENCH_CHAIN_ADMIN.password },
  });
  if (login.statusCode !== 200) throw new Error(`Bench chain-admin sign-in failed: ${login.body}`);
  const token = login.json().payload.access_token as string;

  const dd = (d: Date) =>
    `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
  const monthAgo = new Date(Date.now() - 30 * 86400_000);
  const yearAgo = new Date(Date.now() - 365 * 86400_000);

  // What a chain admin does on the list: filter, sort, first page of 25, with the total.
  const queries: Record<string, Record<string, string>> = {
    'status=pending, project_number desc': { status: 'pending' },
    'approval=pending, due_at asc': { approval_status: 'pending', sort_by: 'due_at', sort_order: 'asc' },
    'overdue, due_at asc': { overdue: 'true', sort_by: 'due_at', sort_order: 'asc' },
    'last 30 days, created_at desc': {
      date_range: `${dd(monthAgo)} 00:00:00|${dd(new Date())} 23:59:59`,
      sort_by: 'created_at',
    },
    'region + status=planned + year, due_at desc': {
      region_id: '',
      status: 'planned',
      date_range: `${dd(yearAgo)} 00:00:00|${dd(new Date())} 23:59:59`,
      sort_by: 'due_at',
    },
    'work type + approved, priority asc': {
      worktype_id: '3',
      approval_status: 'approved',
      sort_by: 'priority',
      sort_order: 'asc',
    },
    'search by project number': { q: '' },
  };
  // A region of the chain-admin's chain for the region filter.
  const options = await app.inject({
    method: 'GET',
    url: '/api/orders/options',
    headers: { authorization: `Bearer ${token}` },
  });
  const regionId = String(options.json().payload.regions[0].id);
  queries['region + status=planned + year, due_at desc'].region_id = regionId;
  // Users search mostly by project number (a 6-digit number from an e-mail or a phone call).
  const somePage = await app.inject({
    method: 'GET',
    url: '/api/orders?limit=1&page=500',
    headers: { authorization: `Bearer ${token}` },
  });
  queries['search by project number'].q = String(somePage.json().payload.data[0].project_number);

  const report: Record<string, { total: number; median_ms: number; p95_ms: number }> = {};
  for (const [name, query] of Object.entries(queries)) {
    const url = `/api/orders?${new URLSearchParams({ ...query, page: '1', limit: '25' })}`;
    let total = 0;
    const times: number[] = [];
    for (let i = 0; i < warmup + runs; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, lang: 'sv' } });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      if (i >= warmup) times.push(ms);
      total = res.json().payload.total;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
    report[name] = { total, median_ms: at(0.5), p95_ms: at(0.95) };
    console.log(`${name.padEnd(48)} total ${String(total).padStart(6)}  median ${at(0.5)} ms  p95 ${at(0.95)} ms`);
  }
  const limit = TARGET_MEDIAN_MS[mode];
  const worst = Math.max(...Object.values(report).map((r) => r.median_ms));
  console.log(JSON.stringify({ mode, target_median_ms: limit, runs, worst_median_ms: worst, report }, null, 2));
  console.log(worst < limit ? 'TARGET MET' : 'TARGET MISSED');
  process.exitCode = worst < limit ? 0 : 1;
} finally {
  await app.close();
}
