/**
 * Assets at a chain's scale (issue #37), on a database made by bench/generate-orders.ts (5,000 bench
 * stores, 1,000,000 orders): gives every bench store 20 assets (100,000) and the orders of the measured
 * chain (the bench chain-admin's, ~40,000) the asset of their store that their id picks, once: about
 * 10 orders an asset, as 1M orders over 100,000 assets would be. (Every order of every chain would
 * rewrite the whole orders table and its indexes: half an hour on two cores, for nothing measured.)
 * Then measures:
 *
 *   TARGET list:    the asset list's first page (a bench chain-admin's scope, 4,000 assets) within
 *                   1.5x of the hand-written SQL for the same answer (page and total);
 *   TARGET history: an asset's history (the one with most orders in the chain, open first, newest first)
 *                   within 1.5x of the hand-written SQL;
 *   TARGET tag:     a tag lookup over HTTP under 5 ms (median of 200, one client);
 *   TARGET import:  a 20,000-asset CSV file imported over HTTP in under 10 s.
 *
 *   node bench/assets.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_bench
 *   node bench/assets.bench.ts --data-dir /tmp/wop-bench-embedded
 *
 * Prints one JSON line per figure. A throw-away database only.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { assetHistory, listAssets } from '../apps/server/src/modules/assets/assets.repository.ts';
import { startServer } from './lib/server.ts';
import { BENCH_CHAIN_ADMIN, BENCH_USERS } from './orders-bench-user.ts';

const RATIO = 1.5;
const TAG_MS = 5;
const IMPORT_MS = 10_000;

const { values } = parseArgs({
  options: { db: { type: 'string' }, 'data-dir': { type: 'string' }, runs: { type: 'string', default: '30' } },
});
if (!values.db && !values['data-dir']) {
  console.error('Give --db postgres://... or --data-dir DIR: a database made by bench/generate-orders.ts.');
  process.exit(2);
}
const runs = Number(values.runs);
const timezone = 'Europe/Stockholm';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed(work: () => Promise<unknown>) {
  await work(); // warm: plans and pages
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}
const report = (figure: Record<string, unknown>) => console.log(JSON.stringify(figure));

const database = await openDatabase({ databaseUrl: values.db, dataDir: values['data-dir'] ?? '/tmp/unused' });
const { db, pool } = database;
const one = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows[0] as T;

let chainId = 0;
try {
  await runMigrations(db);
  chainId = (
    await one<{ chain_id: number }>(
      `select uc.chain_id from user_chains uc join users u on u.id = uc.user_id where u.email = $1`,
      [BENCH_CHAIN_ADMIN.email],
    )
  ).chain_id;

  // 20 assets per bench store (the stores of the bench chains), once.
  const started = performance.now();
  await pool.query(`
    insert into assets (store_id, chain_id, region_id, name, work_type_id, tag, installed_on, warranty_until,
      replacement_value_minor, status)
    select s.id, s.chain_id, s.region_id, 'Bench asset ' || k,
      (select id from work_types order by id limit 1 offset (k % 3)),
      'B' || s.id || '-' || k, date '2022-01-01' + k, date '2026-01-01' + (s.id % 700), 1000000 + k * 1000,
      'in_service'
    from stores s cross join generate_series(1, 20) k
    where s.chain_id in (select c.id from chains c where c.chain_name like 'Bench%')
      and not exists (select 1 from assets a where a.store_id = s.id)`);
  // Each order of the measured chain on one of its store's 20 assets (a hash of its id: spread evenly), once.
  await pool.query(
    `update orders o set asset_id = a.id
    from assets a
    where o.chain_id = $1 and o.asset_id is null and a.store_id = o.store_id
      and a.tag = 'B' || o.store_id || '-' || (1 + abs(hashint4(o.id)) % 20)`,
    [chainId],
  );
  await pool.query('analyze assets');
  await pool.query('analyze orders');
  report({
    setup_s: Math.round((performance.now() - started) / 1000),
    assets: Number((await one<{ n: string }>('select count(*) as n from assets')).n),
    orders_on_assets: Number(
      (await one<{ n: string }>('select count(*) as n from orders where asset_id is not null')).n,
    ),
  });

  // The list's first page in the chain-admin's scope: the repository, and SQL written by hand.
  const scope = sql`assets.chain_id = ${chainId}`;
  const page = { page: 1, limit: 25, sort_by: 'id' as const, sort_order: 'desc' as const };
  const app = await timed(() => listAssets(db, scope, page, 'en', timezone));
  const hand = await timed(() =>
    Promise.all([
      pool.query(
        `select a.*, s.store_name, c.chain_name, r.region_name, wt.title as worktype,
          (select count(*) from orders o where o.asset_id = a.id and o.created_at > now() - interval '90 days') as n90
        from (select * from assets where chain_id = $1 order by id desc limit 25) a
        join stores s on s.id = a.store_id join chains c on c.id = a.chain_id
        left join regions r on r.id = a.region_id join work_types wt on wt.id = a.work_type_id
        order by a.id desc`,
        [chainId],
      ),
      pool.query('select count(*) from assets where chain_id = $1', [chainId]),
    ]),
  );
  report({ figure: 'asset list, first page', app_ms: app, hand_ms: hand, ratio: app / hand, ok: app <= hand * RATIO });

  // An asset's history: the asset with the most orders in the chain.
  const { id: assetId } = await one<{ id: number }>(
    `select asset_id as id from orders where chain_id = $1 and asset_id is not null
     group by asset_id order by count(*) desc limit 1`,
    [chainId],
  );
  const orderScope = sql`orders.chain_id = ${chainId}`;
  const appHistory = await timed(() => assetHistory(db, assetId, orderScope, { page: 1, limit: 20 }, timezone));
  const handHistory = await timed(() =>
    Promise.all([
      pool.query(
        `select o.id, o.project_number, o.description, os.slug, o.created_at, o.completed_at
        from orders o join order_statuses os on os.id = o.status_id
        where o.asset_id = $1 and o.chain_id = $2
        order by (os.slug = 'completed'), o.created_at desc, o.id desc limit 20`,
        [assetId, chainId],
      ),
      pool.query('select count(*) from orders where asset_id = $1 and chain_id = $2', [assetId, chainId]),
    ]),
  );
  report({
    figure: "an asset's history",
    orders: Number((await one<{ n: string }>('select count(*) as n from orders where asset_id = $1', [assetId])).n),
    app_ms: appHistory,
    hand_ms: handHistory,
    ratio: appHistory / handHistory,
    ok: appHistory <= handHistory * RATIO,
  });
} finally {
  await database.close();
}

// Over HTTP: a tag lookup, and a 20,000-asset import, on a server of this database.
const dataDir = values['data-dir'] ?? fs.mkdtempSync(path.join(os.tmpdir(), 'wop-bench-assets-'));
const server = await startServer({
  dataDir,
  logFile: path.join(os.tmpdir(), 'wop-bench-assets.log'),
  env: { DATABASE_URL: values.db, SEED_DEMO: 'false' },
});
try {
  const signIn = async (who: { email: string; password: string }) =>
    (
      (await (
        await fetch(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(who),
        })
      ).json()) as { payload: { access_token: string } }
    ).payload.access_token;
  const token = await signIn(BENCH_CHAIN_ADMIN);
  const rows: number[] = [];
  const store = await (
    await fetch(`${server.url}/api/orders/options`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const storeId = (store as { payload: { stores: { id: number; store_name: string }[] } }).payload.stores[0];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    const res = await fetch(`${server.url}/api/assets/by-tag/b${storeId.id}-${1 + (i % 20)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`by-tag: ${res.status}`);
    rows.push(performance.now() - start);
  }
  const tagMs = median(rows.slice(20));
  // The floor on this machine: the cheapest signed-in route (a few priorities' titles), timed alike.
  const floor: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await (await fetch(`${server.url}/api/orders/priority`, { headers: { authorization: `Bearer ${token}` } })).text();
    floor.push(performance.now() - start);
  }
  report({
    figure: 'tag lookup over HTTP (median)',
    ms: tagMs,
    signed_in_floor_ms: median(floor.slice(20)),
    target_ms: TAG_MS,
    ok: tagMs < TAG_MS,
  });

  const admin = await signIn(BENCH_USERS.admin);
  const lines = ['store_name,name,worktype,tag'];
  const stamp = Date.now().toString(36).toUpperCase();
  for (let i = 1; i <= 20_000; i++) lines.push(`"${storeId.store_name}",Imported ${i},refrigeration,IMP-${stamp}-${i}`);
  const form = new FormData();
  form.append('chain_id', String(chainId));
  form.append('data_file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'assets.csv');
  const start = performance.now();
  const res = await fetch(`${server.url}/api/import/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}` },
    body: form,
  });
  const answer = (await res.json()) as { payload?: { total_imported: number } };
  const ms = performance.now() - start;
  report({
    figure: 'import of 20,000 assets over HTTP',
    status: res.status,
    imported: answer.payload?.total_imported,
    ms: Math.round(ms),
    target_ms: IMPORT_MS,
    ok: res.status === 201 && ms < IMPORT_MS,
  });
} finally {
  await server.stop();
  if (!values['data-dir']) fs.rmSync(dataDir, { recursive: true, force: true });
}
