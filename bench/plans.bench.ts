/**
 * Planned maintenance at a chain's scale (issue #38), on PostgreSQL, on a database made by
 * bench/generate-orders.ts (5,000 bench stores):
 *
 *   1. Two server instances on the database (each generating every second, as every instance does every
 *      minute). 10 plans per bench store are written at once (50,000: 7 monthly, one every four weeks
 *      that skips while its last order is open, 2 yearly; `lead_days` 30, so a month of occurrences is
 *      due at once) and both instances generate them together.
 *      TARGET: all of them (about 40,000 orders) in under 60 s, timed from the plans' commit until no
 *              plan is due any more;
 *      TARGET: the order list's first page (the bench chain-admin, one client asking without pause)
 *              keeps its p99 during the run within 2x its p99 before it (idle);
 *      TARGET: no duplicate and none lost: orders per (plan, store, day) never more than one, every
 *              order with its occurrence, and as many as the plans' rules give (plan-dates.ts).
 *   2. TARGET: a plan's preview (`GET /api/plans/{id}/preview`, 12 days) over HTTP under 50 ms (median).
 *
 *   createdb -h 127.0.0.1 -U postgres wop_bench
 *   node bench/generate-orders.ts --db postgres://postgres@127.0.0.1:5432/wop_bench
 *   node bench/plans.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_bench
 *
 * The run works on a copy of that database (`<name>_plans_bench`, made with it as the template, so nothing
 * may be connected to it), dropped at the end. Loopback only. Prints one JSON line per figure.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { addDays, occurrences, todayIn } from '../apps/server/src/modules/plans/plan-dates.ts';
import { scheduleOf } from '../apps/server/src/modules/plans/plans.service.ts';
import { type RunningServer, startServer } from './lib/server.ts';
import { BENCH_CHAIN_ADMIN } from './orders-bench-user.ts';

const GENERATE_MS = 60_000;
const P99_RATIO = 2;
const PREVIEW_MS = 50;
const LEAD_DAYS = 30;
const TIMEZONE = 'Europe/Stockholm';

const { values } = parseArgs({ options: { db: { type: 'string' }, idle: { type: 'string', default: '400' } } });
if (!values.db) {
  console.error('Give --db postgres://... : a database made by bench/generate-orders.ts.');
  process.exit(2);
}
const dbUrl = new URL(values.db);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(dbUrl.hostname)) throw new Error('Loopback only.');

const report = (figure: Record<string, unknown>) => console.log(JSON.stringify(figure));
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const quantile = (xs: number[], q: number) => sorted(xs)[Math.min(xs.length - 1, Math.floor(q * xs.length))];
const round = (x: number) => Math.round(x * 10) / 10;

// The run writes into a copy of the database (made from it as a template), dropped at the end: no bench
// plan or order is left in it, and no run has to delete 40,000 orders first.
const source = dbUrl.pathname.slice(1);
const copy = `${source}_plans_bench`;
const admin = new pg.Client({ connectionString: new URL('/postgres', dbUrl).toString() });
await admin.connect();
await admin.query(`drop database if exists ${pg.escapeIdentifier(copy)}`);
await admin.query(`create database ${pg.escapeIdentifier(copy)} template ${pg.escapeIdentifier(source)}`);
const copyUrl = new URL(`/${copy}`, dbUrl).toString();
const pool = new pg.Pool({ connectionString: copyUrl, max: 2 });
const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-bench-plans-'));
const servers: RunningServer[] = [];
try {
  for (const name of ['a', 'b']) {
    servers.push(
      await startServer({
        dataDir: path.join(work, name),
        logFile: path.join(work, 'servers.log'),
        env: { DATABASE_URL: copyUrl, SEED_DEMO: 'false', PLAN_GENERATE_SECONDS: '1' },
      }),
    );
  }
  const [a, b] = servers;
  const signIn = async (url: string) =>
    (
      (await (
        await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(BENCH_CHAIN_ADMIN),
        })
      ).json()) as { payload: { access_token: string } }
    ).payload.access_token;
  const token = await signIn(a.url);
  const get = async (url: string, route: string) => {
    const start = performance.now();
    const res = await fetch(`${url}${route}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
    return performance.now() - start;
  };
  const list = '/api/orders?page=1&limit=25';

  // The order list, idle (after a warm-up).
  for (let i = 0; i < 30; i++) await get(a.url, list);
  const idle: number[] = [];
  for (let i = 0; i < Number(values.idle); i++) idle.push(await get(a.url, list));

  // 10 plans per bench store, due now.
  const today = todayIn(TIMEZONE, new Date());
  const { rows: worktype } = await pool.query<{ id: number }>('select id from work_types order by id limit 1');
  const written = performance.now();
  // Plans and their targets in one statement: no instance ever sees a bench plan without its store.
  await pool.query(
    `with p as (
       insert into plans (chain_id, title, work_type_id, priority, target_kind, freq, interval, weekdays, month_day,
         month, starts_on, lead_days, if_previous_open, generated_until, next_run_at)
       select s.chain_id, 'Bench plan ' || s.id || '-' || k, $1, 20, 'stores',
         case when k <= 7 then 'monthly' when k = 8 then 'weekly' else 'yearly' end,
         case when k = 8 then 4 else 1 end,
         case when k = 8 then array[1 + (s.id + k) % 5] else '{}'::int[] end,
         case when k = 8 then null else 1 + (s.id * 7 + k * 4) % 28 end,
         case when k > 8 then 1 + (s.id + k) % 12 else null end,
         $2::date - 400 + (s.id % 7), $3, case when k = 8 then 'skip' else 'create' end, $2::date - 1, now()
       from stores s cross join generate_series(1, 10) k
       where s.chain_id in (select id from chains where chain_name like 'Bench Chain %')
       returning id, title
     )
     insert into plan_targets (plan_id, target_id, store_id)
     select p.id, x.store_id, x.store_id
     from p cross join lateral (select split_part(substr(p.title, 12), '-', 1)::int as store_id) x`,
    [worktype[0].id, today, LEAD_DAYS],
  );
  // What autovacuum does within a minute of such a write (autovacuum_naptime): without it, each connection
  // keeps the plan of the list it made while the table held no plan (its statements are prepared once per
  // connection, db/prepared.ts), which reads all 50,000 plans for each order of a page to find its plan.
  await pool.query('analyze plans, plan_targets');
  const startedAt = performance.now();
  const planCount = Number(
    (await one<{ n: string }>(`select count(*) as n from plans where title like 'Bench plan %'`)).n,
  );
  report({ figure: 'plans written', plans: planCount, ms: Math.round(startedAt - written) });

  // The order list without pause while both instances generate; until no bench plan is due.
  const busy: number[] = [];
  let generating = true;
  const load = (async () => {
    let i = 0;
    while (generating) busy.push(await get(i++ % 2 ? a.url : b.url, list));
  })();
  for (;;) {
    const { n } = await one<{ n: string }>(
      `select count(*) as n from plans where title like 'Bench plan %' and next_run_at <= now()`,
    );
    if (Number(n) === 0) break;
    if (performance.now() - startedAt > 10 * GENERATE_MS) throw new Error('still generating after 10 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  const generateMs = performance.now() - startedAt;
  generating = false;
  await load;

  // What the rules give, from today to today + lead_days, per plan.
  const { rows: planRows } = await pool.query(
    `select p.id, p.freq, p.interval, p.weekdays, p.month_day, p.month, p.starts_on::text as starts_on,
       p.ends_on::text as ends_on, c.country
     from plans p join chains c on c.id = p.chain_id where p.title like 'Bench plan %'`,
  );
  const horizon = addDays(today, LEAD_DAYS);
  let expected = 0;
  for (const p of planRows) {
    expected += occurrences(scheduleOf(p, p.country), today, 40).filter((d) => d <= horizon).length;
  }
  const counts = await one<{
    orders: string;
    occurrences: string;
    skipped: string;
    duplicates: string;
    orphans: string;
  }>(
    `select
       (select count(*) from orders o join plans p on p.id = o.plan_id where p.title like 'Bench plan %') as orders,
       (select count(*) from plan_occurrences po join plans p on p.id = po.plan_id
         where p.title like 'Bench plan %' and po.status = 'generated') as occurrences,
       (select count(*) from plan_occurrences po join plans p on p.id = po.plan_id
         where p.title like 'Bench plan %' and po.status = 'skipped') as skipped,
       (select count(*) from (select 1 from orders o join plans p on p.id = o.plan_id where p.title like 'Bench plan %'
         group by o.plan_id, o.store_id, o.due_at having count(*) > 1) d) as duplicates,
       (select count(*) from orders o join plans p on p.id = o.plan_id where p.title like 'Bench plan %'
         and not exists (select 1 from plan_occurrences po where po.order_id = o.id)) as orphans`,
  );
  const orders = Number(counts.orders);
  report({
    figure: 'a month of orders generated by two instances at once',
    plans: planCount,
    orders,
    skipped: Number(counts.skipped),
    expected_occurrences: expected,
    ms: Math.round(generateMs),
    target_ms: GENERATE_MS,
    ok: generateMs < GENERATE_MS,
  });
  const duplicates = Number(counts.duplicates);
  const orphans = Number(counts.orphans);
  const lost = expected - orders - Number(counts.skipped);
  report({
    figure: 'exactly once over two instances',
    duplicates,
    orders_without_occurrence: orphans,
    occurrences_without_order: Number(counts.occurrences) - orders,
    lost,
    ok: duplicates === 0 && orphans === 0 && lost === 0 && Number(counts.occurrences) === orders,
  });
  const idleP99 = quantile(idle, 0.99);
  const busyP99 = quantile(busy, 0.99);
  report({
    figure: 'order list p99 while generating',
    idle_p50_ms: round(quantile(idle, 0.5)),
    idle_p99_ms: round(idleP99),
    busy_p50_ms: round(quantile(busy, 0.5)),
    busy_p99_ms: round(busyP99),
    busy_requests: busy.length,
    ratio: round(busyP99 / idleP99),
    target_ratio: P99_RATIO,
    ok: busyP99 <= idleP99 * P99_RATIO,
  });

  // A plan's preview (one of the bench chain-admin's chain), over HTTP.
  const { id: planId } = await one<{ id: number }>(
    `select p.id from plans p join user_chains uc on uc.chain_id = p.chain_id join users u on u.id = uc.user_id
     where u.email = $1 and p.title like 'Bench plan %' order by p.id limit 1`,
    [BENCH_CHAIN_ADMIN.email],
  );
  const route = `/api/plans/${planId}/preview?count=12`;
  for (let i = 0; i < 20; i++) await get(a.url, route);
  const previews: number[] = [];
  for (let i = 0; i < 100; i++) previews.push(await get(a.url, route));
  const previewMs = quantile(previews, 0.5);
  report({
    figure: "a plan's preview over HTTP (median)",
    ms: round(previewMs),
    p99_ms: round(quantile(previews, 0.99)),
    target_ms: PREVIEW_MS,
    ok: previewMs < PREVIEW_MS,
  });
} finally {
  for (const server of servers) await server.stop();
  await pool.end();
  await admin.query(`drop database if exists ${pg.escapeIdentifier(copy)} with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
}
