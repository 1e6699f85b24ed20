/**
 * Dashboard latency: GET /api/dashboard through the real app (buildApp + app.inject: routing, auth,
 * scope, SQL, serialization) as an admin (all 1,000,000 orders) and as a chain-admin (one bench
 * chain, ~40,000 orders), on the data set of bench/generate-orders.ts. Prints p50 and p95.
 *
 * TARGET (issue #18): p50 under 100 ms on PostgreSQL as an admin and as a chain-admin.
 *
 * MEASURED (PostgreSQL 15, 1,000,040 orders / 5,017 stores from generate-orders.ts, 2 cores shared
 * with other benches and test runs, load average 5-8 throughout, so every figure is pessimistic):
 *   before (one grouping-sets pass over every order in scope + percentile_cont; quieter: admin p50
 *   3,620 ms, chain-admin 172 ms):  admin p50 5,766 ms p95 7,689 ms;  chain-admin p50 217 ms p95 630 ms
 *   after (order_tallies kept by triggers, migration 0008; overdue = open - not yet due; weeks and
 *   median from index ranges), five runs: admin p50 46-79 ms p95 86-130 ms;
 *   chain-admin p50 10-27 ms p95 14-64 ms (the lower figures at load 5, the higher at 8)
 * Embedded (PGlite, --orders 100000: 73 days of orders, so most are in the last 12 weeks and a third
 * not yet due, the worst case for the index ranges): before admin p50 472 ms p95 1,548 ms, chain-admin
 * p50 62 ms p95 96 ms; after admin p50 394 ms p95 695 ms, chain-admin p50 47 ms p95 173 ms.
 *
 *   node bench/generate-orders.ts --db postgres://postgres@127.0.0.1:5432/wop_bench   # throw-away database
 *   node bench/dashboard.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_bench [--runs 30] [--warmup 3]
 *
 * Kept out of `npm test`: numbers, not a timed test.
 */
import { benchApp, benchArgs } from './lib/in-process.ts';
import { BENCH_CHAIN_ADMIN } from './orders-bench-user.ts';

export const TARGET_P50_MS = 100;

const { runs, warmup, ...database } = benchArgs({ runs: 30, warmup: 3 });
const app = await benchApp(database, 'dashboard');

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`Sign-in as ${email} failed: ${res.body}`);
  return res.json().payload.access_token as string;
}

try {
  // generate-orders.ts seeds the demo accounts; admin@example.com sees every order.
  const who = {
    admin: await signIn('admin@example.com', 'demo1234'),
    'chain-admin': await signIn(BENCH_CHAIN_ADMIN.email, BENCH_CHAIN_ADMIN.password),
  };
  const report: Record<string, { orders: number; p50_ms: number; p95_ms: number }> = {};
  for (const [role, token] of Object.entries(who)) {
    const times: number[] = [];
    let orders = 0;
    for (let i = 0; i < warmup + runs; i++) {
      const t0 = performance.now();
      const res = await app.inject({
        method: 'GET',
        url: '/api/dashboard',
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${role}: ${res.statusCode} ${res.body}`);
      if (i >= warmup) times.push(ms);
      orders = res.json().payload.created;
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
    report[role] = { orders, p50_ms: at(0.5), p95_ms: at(0.95) };
    console.log(`${role.padEnd(12)} ${String(orders).padStart(8)} orders  p50 ${at(0.5)} ms  p95 ${at(0.95)} ms`);
  }
  const worst = Math.max(...Object.values(report).map((r) => r.p50_ms));
  console.log(JSON.stringify({ target_p50_ms: TARGET_P50_MS, runs, report }, null, 2));
  console.log(worst < TARGET_P50_MS ? 'TARGET MET' : 'TARGET MISSED');
  process.exitCode = worst < TARGET_P50_MS ? 0 : 1;
} finally {
  await app.close();
}
