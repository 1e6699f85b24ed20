/**
 * Check-in latency: POST /api/orders/{id}/visits/check-in through the real app (buildApp +
 * app.inject: routing, auth, scope, the order's row lock, the store's position and the chain's radius,
 * the visit, its history entry, the live event and the store managers' notifications) as the bench
 * technician, each on another of its open orders, with a position near the store; every check-in is
 * followed by its (untimed) check-out. On the data set of bench/generate-orders.ts (1,000,000 orders).
 * Prints p50, p95 and p99.
 *
 * TARGET (issue #40): p99 under 50 ms on PostgreSQL with 1M orders.
 *
 * MEASURED (PostgreSQL 15, 1,000,040 orders / 5,017 stores from generate-orders.ts, 2 cores shared
 * with four other sessions' tests, builds and benches, so p99 is mostly the machine's queue):
 *   first version (the order locked with its status and technician read after, the answer read back),
 *     load 7-9, 300 runs: p50 19.8 ms, p95 44.6 ms, p99 79.4 ms
 *   one locking read of the order, the answer made from what was written (14 round trips), load 7-9,
 *     500 runs each: p50 18.9 ms, p95 32.1 ms, p99 44.2 ms; again: p50 21.3 ms, p95 48.2 ms, p99 115.1 ms
 *   now: 5 round trips (sign-in; begin; one locking read; one statement writing the visit, its history
 *     entry, the live event, webhook messages, the store managers' notifications and unread counts and
 *     the wake-up; commit), prepared; a store manager told of every arrival. 500 runs each:
 *     load 18-23: p50 10.5 ms, p95 27.8 ms, p99 63.4 ms; load 13-14: p50 21.4 ms, p95 46.1 ms, p99 114 ms
 *   The per-statement table it prints shows where the time goes: the commit (the WAL's flush to disk,
 *     4-9 ms at p50 on this machine's shared disk) is the largest part; the database's own work for the
 *     three statements is under 1 ms (EXPLAIN ANALYZE). Missed at these loads, where any one round trip's
 *     p99 is 10-40 ms: the machine's run queue, not the route's work.
 *
 *   node bench/generate-orders.ts --db postgres://postgres@127.0.0.1:5432/wop_bench   # throw-away database
 *   node bench/visits.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_bench [--runs 300] [--warmup 20]
 *
 * Kept out of `npm test`: numbers, not a timed test.
 */
import { benchApp, benchArgs } from './lib/in-process.ts';
import { recordStatements } from './lib/statements.ts';
import { BENCH_USERS } from './orders-bench-user.ts';

export const TARGET_P99_MS = 50;
const STORE_MANAGER = 'visits-bench-storemanager@bench.example';

const { runs, warmup, ...database } = benchArgs({ runs: 300, warmup: 20 });
const app = await benchApp(database, 'visits');
const statements = recordStatements();

try {
  const { email, password } = BENCH_USERS.technician;
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (login.statusCode !== 200) throw new Error(`Sign-in as ${email} failed: ${login.body}`);
  const { access_token: token, user } = login.json().payload as { access_token: string; user: { id: number } };
  const headers = { authorization: `Bearer ${token}` };

  // The technician's open orders, with the position of each one's store (generate-orders gives
  // bench stores none: the first ones get one here, so the distance is measured too).
  const pool = app.database.pool;
  await pool.query(
    `update stores set lat = 59.3 + (id % 100) / 1000.0, lng = 18.0 + (id % 100) / 1000.0
    where lat is null and id in (select distinct store_id from orders where technician_id = $1)`,
    [user.id],
  );
  const { rows: orders } = await pool.query<{ id: number; lat: number; lng: number }>(
    `select o.id, s.lat, s.lng from orders o join stores s on s.id = o.store_id
     where o.technician_id = $1 and o.status_id <> (select id from order_statuses where slug = 'completed')
       and not exists (select 1 from site_visits v where v.order_id = o.id and v.technician_id = $1 and v.checked_out_at is null)
     order by o.id limit $2`,
    [user.id, warmup + runs],
  );
  if (orders.length < warmup + runs) throw new Error(`only ${orders.length} open orders of the technician`);
  // Each of those orders' stores has a manager, told of every arrival: a user of this bench's own (the
  // other benches' store manager keeps its scope), who has read what earlier runs told them.
  await pool.query(
    `insert into users (name, email, password_hash, role_id)
     values ('Visits Bench Butikschef', $1, '!', (select id from roles where slug = 'store-manager'))
     on conflict (email) do nothing`,
    [STORE_MANAGER],
  );
  await pool.query(
    `insert into user_stores (user_id, store_id)
     select distinct u.id, o.store_id from users u, orders o where u.email = $1 and o.id = any ($2::int[])
     on conflict do nothing`,
    [STORE_MANAGER, orders.map((o) => o.id)],
  );
  await pool.query(
    `update notifications set read_at = now()
     where read_at is null and user_id = (select id from users where email = $1)`,
    [STORE_MANAGER],
  );
  const { rows: total } = await pool.query<{ n: number }>('select count(*)::int as n from orders');

  const times: number[] = [];
  for (const [i, order] of orders.entries()) {
    statements.recording = i >= warmup;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/visits/check-in`,
      headers,
      payload: { lat: order.lat + 0.0002, lng: order.lng, accuracy_m: 12 },
    });
    const ms = performance.now() - t0;
    statements.recording = false;
    if (res.statusCode !== 201) throw new Error(`check-in of order ${order.id}: ${res.statusCode} ${res.body}`);
    if (i >= warmup) times.push(ms);
    const out = await app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/visits/check-out`,
      headers,
      payload: { outcome: 'done' },
    });
    if (out.statusCode !== 200) throw new Error(`check-out of order ${order.id}: ${out.statusCode} ${out.body}`);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Number(times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1));
  const report = { orders: total[0].n, runs, p50_ms: at(0.5), p95_ms: at(0.95), p99_ms: at(0.99) };
  console.log(JSON.stringify({ target_p99_ms: TARGET_P99_MS, ...report }, null, 2));
  console.table(statements.report(runs));
  console.log(report.p99_ms < TARGET_P99_MS ? 'TARGET MET' : 'TARGET MISSED');
  process.exitCode = report.p99_ms < TARGET_P99_MS ? 0 : 1;
} finally {
  await app.close();
}
