/**
 * The order list at the database's own speed (issue #20, and the list part of #15): for every role's
 * scope and for the queries users make, the API over real HTTP beside a hand-written SQL that gives
 * the same answer (same rows, fields, order and total), run as named prepared statements.
 *
 *   node bench/generate-orders.ts --db postgres://postgres@127.0.0.1:5432/wop_bench      # the data
 *   node bench/orders-list.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_bench
 *   node bench/orders-list.bench.ts --data-dir /tmp/wop-bench-embedded                    # embedded
 *       [--runs 100] [--warmup 10] [--duration 10] [--roles chain-admin,technician]
 *       [--queries 'first page,page 200'] [--no-throughput]
 *
 * The app runs in this process (buildApp + app.listen on an ephemeral loopback port) and is called
 * over a kept-alive socket (node:http), so an API time is a whole HTTP call: routing, auth,
 * validation, scope, SQL, serialization, compression both ways (zstd, as Chromium asks for it), the socket and the client's JSON parse.
 * The hand-written SQL is a page of ids from `orders` alone, the display fields joined or looked up
 * for those 25 rows, and the count, sent side by side as the app sends them (list and count at
 * once): straight through `pg` with its own pool of 10 on PostgreSQL, through the app's own
 * connection (app.database.pool, one PGlite session) on the embedded database. Before timing, each
 * query's SQL answer is checked against the API's: same ids in the same order, same total (a
 * mismatch stops the bench). API and SQL calls alternate, so background load falls on both alike.
 * Throughput: the default first page over HTTP with autocannon (10 connections, in a worker thread)
 * beside the same SQL from 10 concurrent clients, same duration.
 *
 * Users: one per role, from bench/orders-bench-user.ts (generate-orders.ts creates them).
 * Targets (issue #20) are printed as held or missed; the exit code is 0 either way (a measurement).
 * Figures of earlier runs, and what changed between them: bench/RESULTS.md.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newSecretsKey } from '../apps/server/src/lib/secrets.ts';
import { BENCH_USERS, type BenchRole } from './orders-bench-user.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    roles: { type: 'string', default: Object.keys(BENCH_USERS).join(',') },
    queries: { type: 'string' },
    'no-throughput': { type: 'boolean', default: false },
  },
});
if (!values.db && !values['data-dir']) {
  console.error('Give --db postgres://... or --data-dir DIR (as for bench/generate-orders.ts).');
  process.exit(2);
}
const mode = values.db ? 'postgres' : 'embedded';
const runs = Number(values.runs);
const warmup = Number(values.warmup);
const duration = Number(values.duration);
const roles = values.roles.split(',').map((r) => r.trim()) as BenchRole[];
for (const role of roles) if (!(role in BENCH_USERS)) throw new Error(`unknown role ${role}`);
const LOCALE = 'sv';
const LIMIT = 25;

// ---------------------------------------------------------------------------------------------
// The queries: one spec gives both the API's query string and the hand-written SQL.

interface Spec {
  name: string;
  page: number;
  sort: 'project_number' | 'due_at' | 'priority' | 'created_at';
  order: 'asc' | 'desc';
  status?: string;
  approval?: 'pending' | 'approved' | 'rejected';
  overdue?: boolean;
  worktype?: number;
  /** Filled per role for the project-number search. */
  q?: string;
}
/** What Chromium sends over HTTPS: the answers come compressed (zstd), as a browser gets them. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const WORD = 'Ventilationen'; // in 1 of the 8 descriptions of bench/generate-orders.ts
const ALL_SPECS: Spec[] = [
  { name: 'first page', page: 1, sort: 'project_number', order: 'desc' },
  { name: 'page 200', page: 200, sort: 'project_number', order: 'desc' },
  { name: 'status=pending', page: 1, sort: 'project_number', order: 'desc', status: 'pending' },
  { name: 'approval=pending, due_at asc', page: 1, sort: 'due_at', order: 'asc', approval: 'pending' },
  { name: 'overdue, due_at asc', page: 1, sort: 'due_at', order: 'asc', overdue: true },
  {
    name: 'work type + approved, priority asc',
    page: 1,
    sort: 'priority',
    order: 'asc',
    worktype: 3,
    approval: 'approved',
  },
  { name: 'search word (1 in 8)', page: 1, sort: 'project_number', order: 'desc', q: WORD },
  { name: 'search project number', page: 1, sort: 'project_number', order: 'desc', q: '' },
];
// --queries: names separated by commas; a name with commas of its own is given whole.
const SPECS = ALL_SPECS.filter((s) => !values.queries || values.queries.includes(s.name));

function urlOf(spec: Spec) {
  const params: Record<string, string> = { page: String(spec.page), limit: String(LIMIT) };
  if (spec.sort !== 'project_number' || spec.order !== 'desc')
    Object.assign(params, { sort_by: spec.sort, sort_order: spec.order });
  if (spec.status) params.status = spec.status;
  if (spec.approval) params.approval_status = spec.approval;
  if (spec.overdue !== undefined) params.overdue = String(spec.overdue);
  if (spec.worktype) params.worktype_id = String(spec.worktype);
  if (spec.q) params.q = spec.q;
  return `/api/orders?${new URLSearchParams(params)}`;
}

interface Scope {
  userId: number;
  kind: 'all' | 'chains' | 'regions' | 'stores' | 'technician';
  ids: number[];
}

/** Status ids by slug, read once (as an in-process cache would). */
let statusIds: Record<string, number> = {};

/** Statements are prepared by name; the name follows the text (a name is bound to one text per session). */
const statementNames = new Map<string, string>();
const named = (text: string, values: unknown[]): pg.QueryConfig => {
  const name = statementNames.get(text) ?? `bench_hand_${statementNames.size + 1}`;
  statementNames.set(text, name);
  return { name, text, values };
};

/**
 * The hand-written list and count for a spec in a scope: what the API answers, written directly.
 * The page's ids come from `orders` alone (its indexes), then only those 25 rows are read and their
 * display fields looked up one by one; the count reads the same condition.
 */
function handSql(spec: Spec, scope: Scope) {
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const where: string[] = [];
  let keyed: { kind: string; ids: number[]; others: string[] } | undefined;
  let pattern = '';
  if (scope.kind === 'chains') where.push(`o.chain_id = any(${p(scope.ids)}::int[])`);
  if (scope.kind === 'regions') where.push(`o.region_id = any(${p(scope.ids)}::int[])`);
  if (scope.kind === 'stores') where.push(`o.store_id = any(${p(scope.ids)}::int[])`);
  if (scope.kind === 'technician') where.push(`o.technician_id = ${p(scope.userId)}::int`);
  if (spec.status) where.push(`o.status_id = ${p(statusIds[spec.status])}::int`);
  if (spec.approval) where.push(`o.approval_status = ${p(spec.approval)}`);
  if (spec.worktype) where.push(`o.work_type_id = ${p(spec.worktype)}::int`);
  if (spec.overdue) where.push(`o.due_at < now() and o.status_id <> ${p(statusIds.completed)}::int`);
  if (spec.q) {
    pattern = p(`%${spec.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const byNumber = /^\d{1,9}$/.test(spec.q) ? `o.project_number = ${p(Number(spec.q))}::int or ` : '';
    where.push(`(${byNumber}o.description ilike ${pattern}
      or o.store_id = any(array(select id from stores where store_name ilike ${pattern})))`);
    // A word in a chain, region or technician scope: its matching descriptions are counted among the
    // scope's own trigram keys (orders_scope_trgm), the rest of its matches through their indexes.
    const kind = { chains: 'c', regions: 'r', technician: 't' }[scope.kind as string];
    if (kind && !byNumber && /[a-z0-9]{3}/i.test(spec.q)) {
      const ids = scope.kind === 'technician' ? [scope.userId] : scope.ids;
      keyed = { kind, ids, others: where.slice(0, -1) };
    }
  }
  const whereText = where.length ? `where ${where.join(' and ')}` : '';
  // Digits match few orders: they are found through the indexes first, then sorted (as the API does).
  const source =
    spec.q && /^\d+$/.test(spec.q) ? `(select * from orders o ${whereText} offset 0) o` : `orders o ${whereText}`;
  // A word in a chain, region or technician scope is counted as the API counts it: the descriptions
  // among the scope's own trigram keys, plus the orders that match by store name only.
  let countText = `select count(*)::int as total from orders o ${whereText}`;
  const countValues = [...values];
  if (keyed) {
    const search = `$${countValues.push(spec.q)}`;
    const { kind, others } = keyed;
    const candidates = keyed.ids
      .map(
        (id) =>
          `order_scope_trigrams(o.chain_id, o.region_id, o.technician_id, o.description) @> scope_search_keys('${kind}', ${Number(id)}, ${search})`,
      )
      .join(' or ');
    const byStore = `o.store_id = any(array(select id from stores where store_name ilike ${pattern}))`;
    countText = `select
      (select count(*)::int from (select * from orders o where ${candidates} offset 0) o
        where ${[...others, `o.description ilike ${pattern}`].join(' and ')})
      + (select count(*)::int from orders o
        where ${[...others, `not o.description ilike ${pattern}`, byStore].join(' and ')}) as total`;
  }
  // A word over every order, without another filter, is counted as the API counts it (for the texts
  // the API counts so): from the count kept for the one word that contains it, or the postings of the
  // few that do, plus the orders that match by store name only.
  const byWords = (q: string) => !/[ \t\n\r\f\v]/.test(q) && /[\p{L}\p{N}]{3}/u.test(q) && !/^\d+$/.test(q);
  if (scope.kind === 'all' && where.length === 1 && spec.q && byWords(spec.q)) {
    countText = `select case
        when cardinality(w.ids) = 1 then (select coalesce(sum(n), 0)::int from search_word_counts where word_id = w.ids[1])
        when cardinality(w.ids) <= 16
          then (select count(*)::int from (select order_id from order_words where word_id = any(w.ids) group by order_id) d)
        else (select count(*)::int from orders o where o.description ilike ${pattern})
      end + (select count(*)::int from orders o where not o.description ilike ${pattern}
        and o.store_id = any(array(select id from stores where store_name ilike ${pattern}))) as total
      from (select array(select id from search_words where word ilike ${pattern}) ids offset 0) w`;
  }
  const count = named(countText, countValues);
  const sort = (alias: string) =>
    spec.sort === 'project_number'
      ? `${alias}.project_number ${spec.order}`
      : `${alias}.${spec.sort} ${spec.order}, ${alias}.id ${spec.order}`;
  const offset = p((spec.page - 1) * LIMIT);
  const user = p(scope.userId);
  const locale = p(LOCALE);
  const list = named(
    `select o.id, o.project_number, o.description, o.work_type_id as worktype_id,
      (select coalesce(nullif(t.title, ''), w.title) from work_types w
        left join work_type_translations t on t.work_type_id = w.id and t.locale = ${locale}
        where w.id = o.work_type_id) as worktype_label,
      o.priority, (select title_${LOCALE} from priorities where id = o.priority) as priority_label,
      o.chain_id, (select chain_name from chains where id = o.chain_id) as chain_name,
      o.region_id, (select region_name from regions where id = o.region_id) as region_name,
      o.store_id, s.store_name, s.invoice_address as store_invoice_address, s.phone as store_phone,
      cu.id as orderer_id, cu.name as orderer_name,
      o.approval_status, o.approval_status_date, o.status_id, os.slug as status, os.title as status_title,
      o.technician_id, (select name from users where id = o.technician_id) as technician_name,
      o.planned_at, o.completed_at, o.due_at, o.created_at, o.updated_at, o.confirmed_at, o.version,
      o.parent_id, (select project_number from orders where id = o.parent_id) as parent_project_number,
      o.recall_order_id, (select project_number from orders where id = o.recall_order_id) as recall_project_number,
      (select count(*)::int from order_documents d where d.order_id = o.id) as documents_count,
      (select count(*)::int from chat_messages m
        where m.order_id = o.id and m.sender_id is distinct from ${user}::int
          and m.id > coalesce((select cs.last_seen_message_id from chat_seen cs
            where cs.user_id = ${user}::int and cs.order_id = o.id), 0)) as unread_count
    from (select o.id from ${source} order by ${sort('o')} limit ${LIMIT} offset ${offset}) page
    join orders o on o.id = page.id
    join stores s on s.id = o.store_id
    join order_statuses os on os.id = o.status_id
    left join users cu on cu.id = o.created_by
    order by ${sort('o')}`,
    values,
  );
  return { list, count };
}

// ---------------------------------------------------------------------------------------------
// Numbers.

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : Number.NaN;
const ms = (n: number) => (Number.isFinite(n) ? (n < 10 ? n.toFixed(2) : n.toFixed(1)) : '-');
const pad = (s: string | number, n: number) => String(s).padStart(n);

// ---------------------------------------------------------------------------------------------

/**
 * A GET over one kept-alive socket: the answer decompressed and parsed, as a browser does. Not fetch:
 * its WHATWG layer (streams, headers objects, abort signals) cost ~0.5-0.8 ms per call here, in the
 * same process and on the same two cores as the server, which a browser's own engine does not add.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    http
      .get(url, { headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const text =
            encoding === 'zstd'
              ? zlib.zstdDecompressSync(raw)
              : encoding === 'br'
                ? zlib.brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? zlib.gunzipSync(raw)
                  : raw;
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text.toString('utf8')) });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const app = await buildApp(
  loadConfig({
    DATABASE_URL: values.db,
    SECRETS_KEY: newSecretsKey(),
    DATA_DIR: values['data-dir'] ?? path.join(os.tmpdir(), 'wop-orders-bench-files'),
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
  }),
  { logger: false },
);
// PostgreSQL: the driver straight, 10 connections (the throughput's 10 clients). Embedded: the
// app's own pool (one PGlite session; nothing else can open the data directory).
const sqlPool = values.db ? new pg.Pool({ connectionString: values.db, max: 10 }) : app.database.pool;

try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const base = address.startsWith('http') ? address : `http://${address}`;

  const one = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await sqlPool.query<T>(text, params)).rows;
  statusIds = Object.fromEntries(
    (await one<{ slug: string; id: number }>('select slug, id from order_statuses')).map((s) => [s.slug, s.id]),
  );
  const [{ orders: orderCount, stores: storeCount }] = await one<{ orders: number; stores: number }>(
    'select (select count(*)::int from orders) as orders, (select count(*)::int from stores) as stores',
  );
  const provider = orderCount >= 2_000_000 && storeCount >= 10_000;
  console.log(
    `${mode}: ${orderCount.toLocaleString('en')} orders / ${storeCount.toLocaleString('en')} stores; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}; runs ${runs}, warm-up ${warmup}`,
  );

  const timed = async (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    return performance.now() - t0;
  };

  type Row = { role: BenchRole; query: string; total: number; api: number[]; sql: number[] };
  const rows: Row[] = [];
  const throughput: {
    role: BenchRole;
    api: { rps: number; p99: number; errors: number };
    sql: { rps: number; p99: number };
  }[] = [];

  console.log(
    `\n${'role'.padEnd(18)}${'query'.padEnd(36)}${pad('total', 8)}${pad('API p50', 9)}${pad('p95', 8)}` +
      `${pad('SQL p50', 9)}${pad('p95', 8)}${pad('API/SQL', 9)}`,
  );
  for (const role of roles) {
    const creds = BENCH_USERS[role];
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(creds),
    });
    if (login.status !== 200) throw new Error(`${role} sign-in failed (${login.status}); run bench/generate-orders.ts`);
    const token = ((await login.json()) as { payload: { access_token: string } }).payload.access_token;
    const headers = { authorization: `Bearer ${token}`, lang: LOCALE, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
    const call = async (url: string) => {
      const { status, body } = await get(`${base}${url}`, headers);
      const { payload } = body as { payload: { data: { id: number; project_number: number }[]; total: number } };
      if (status !== 200) throw new Error(`${role} ${url}: ${status} ${JSON.stringify(body)}`);
      return payload;
    };

    // The role's scope, as the server reads it from the user's bindings.
    const [user] = await one<{ id: number; chains: number[]; regions: number[]; stores: number[] }>(
      `select u.id,
        array(select chain_id from user_chains where user_id = u.id order by 1) as chains,
        array(select region_id from user_regions where user_id = u.id order by 1) as regions,
        array(select store_id from user_stores where user_id = u.id order by 1) as stores
       from users u where u.email = $1`,
      [creds.email],
    );
    const scope: Scope =
      role === 'super-admin' || role === 'admin'
        ? { userId: user.id, kind: 'all', ids: [] }
        : role === 'chain-admin'
          ? { userId: user.id, kind: 'chains', ids: user.chains }
          : role === 'regional-director'
            ? { userId: user.id, kind: 'regions', ids: user.regions }
            : role === 'store-manager'
              ? { userId: user.id, kind: 'stores', ids: user.stores }
              : { userId: user.id, kind: 'technician', ids: [] };

    // A project number from the role's own list (a 6-digit number from an e-mail or a phone call).
    const first = await call(urlOf(SPECS.find((s) => s.name === 'first page') ?? SPECS[0]));
    const deep = await call(`/api/orders?limit=1&page=${Math.max(1, Math.min(500, first.total))}`);
    const projectNumber = String(deep.data[0]?.project_number ?? first.data[0]?.project_number ?? 1);

    const sqlOf = new Map<string, ReturnType<typeof handSql>>();
    for (const base of SPECS) {
      const spec = base.q === '' ? { ...base, q: projectNumber } : base;
      const url = urlOf(spec);
      const hand = handSql(spec, scope);
      sqlOf.set(spec.name, hand);
      const runSql = () => Promise.all([sqlPool.query(hand.list), sqlPool.query(hand.count)]);

      // Honest comparison: the same answer, checked once.
      const api = await call(url);
      const [list, count] = await runSql();
      const apiIds = api.data.map((d) => d.id).join(',');
      const sqlIds = list.rows.map((r) => r.id).join(',');
      if (apiIds !== sqlIds || api.total !== count.rows[0].total) {
        throw new Error(
          `${role} / ${spec.name}: the hand-written SQL answers differently from the API\n` +
            `  API ids ${apiIds} total ${api.total}\n  SQL ids ${sqlIds} total ${count.rows[0].total}`,
        );
      }
      if (list.rows.length && Object.keys(list.rows[0]).length < 36) throw new Error('the SQL lost a field');

      const apiTimes: number[] = [];
      const sqlTimes: number[] = [];
      for (let i = 0; i < warmup + runs; i++) {
        const a = await timed(() => call(url));
        const s = await timed(runSql);
        if (i >= warmup) {
          apiTimes.push(a);
          sqlTimes.push(s);
        }
      }
      apiTimes.sort((x, y) => x - y);
      sqlTimes.sort((x, y) => x - y);
      const row: Row = { role, query: spec.name, total: api.total, api: apiTimes, sql: sqlTimes };
      rows.push(row);
      console.log(
        `${role.padEnd(18)}${spec.name.padEnd(36)}${pad(api.total, 8)}` +
          `${pad(ms(percentile(apiTimes, 0.5)), 9)}${pad(ms(percentile(apiTimes, 0.95)), 8)}` +
          `${pad(ms(percentile(sqlTimes, 0.5)), 9)}${pad(ms(percentile(sqlTimes, 0.95)), 8)}` +
          `${pad((percentile(apiTimes, 0.5) / percentile(sqlTimes, 0.5)).toFixed(2), 9)}`,
      );
    }

    // First-page throughput: autocannon over HTTP beside the same SQL from 10 concurrent clients.
    const hand = sqlOf.get('first page');
    if (!values['no-throughput'] && hand) {
      const cannon = (seconds: number) =>
        autocannon({
          url: `${base}${urlOf(SPECS.find((s) => s.name === 'first page') as Spec)}`,
          connections: 10,
          duration: seconds,
          headers,
          // The load in its own thread, so it does not share the server's event loop.
          workers: 1,
        } as Parameters<typeof autocannon>[0]);
      await cannon(2);
      const http = await cannon(duration);
      const sqlLoad = async (seconds: number) => {
        const latencies: number[] = [];
        const end = performance.now() + seconds * 1000;
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            while (performance.now() < end) {
              latencies.push(await timed(() => Promise.all([sqlPool.query(hand.list), sqlPool.query(hand.count)])));
            }
          }),
        );
        latencies.sort((x, y) => x - y);
        return { rps: latencies.length / seconds, p99: percentile(latencies, 0.99) };
      };
      await sqlLoad(2);
      const sql = await sqlLoad(duration);
      const api = {
        rps: http.requests.total / http.duration,
        p99: http.latency.p99,
        errors: http.errors + http.non2xx + http.timeouts,
      };
      throughput.push({ role, api, sql });
      console.log(
        `${role.padEnd(18)}${'first page, 10 connections'.padEnd(36)}  HTTP ${api.rps.toFixed(0)} req/s p99 ${api.p99} ms` +
          `${api.errors ? ` (${api.errors} errors)` : ''}  |  SQL ${sql.rps.toFixed(0)}/s p99 ${ms(sql.p99)} ms` +
          `  |  ratio ${(api.rps / sql.rps).toFixed(2)}`,
      );
    }
  }

  // Targets (issue #20). Each is judged over the roles measured; the exit code stays 0.
  const p50 = (xs: number[]) => percentile(xs, 0.5);
  const verdicts: [string, boolean, string][] = [];
  const judge = (label: string, picked: Row[], ok: (r: Row) => boolean, show: (r: Row) => string) => {
    if (!picked.length) return;
    const missed = picked.filter((r) => !ok(r));
    verdicts.push([
      label,
      missed.length === 0,
      picked.map((r) => `${r.role} ${show(r)}${ok(r) ? '' : ' MISSED'}`).join(', '),
    ]);
  };
  const ratio = (r: Row) => p50(r.api) / p50(r.sql);
  for (const q of ['first page', 'page 200']) {
    judge(
      `${q} + total within 1.5x of the SQL (p50)`,
      rows.filter((r) => r.query === q),
      (r) => ratio(r) <= 1.5,
      (r) => `${ratio(r).toFixed(2)}x`,
    );
  }
  judge(
    'search by a word: p50 <= 15 ms over HTTP',
    rows.filter((r) => r.query === 'search word (1 in 8)'),
    (r) => p50(r.api) <= 15,
    (r) => `${ms(p50(r.api))} ms`,
  );
  judge(
    'search by project number: p50 <= 5 ms over HTTP',
    rows.filter((r) => r.query === 'search project number'),
    (r) => p50(r.api) <= 5,
    (r) => `${ms(p50(r.api))} ms`,
  );
  if (throughput.length) {
    const ok = (t: (typeof throughput)[number]) => t.api.rps >= t.sql.rps / 2 && t.api.p99 < 100 && !t.api.errors;
    verdicts.push([
      'first-page throughput >= half the SQL, p99 < 100 ms',
      throughput.every(ok),
      throughput
        .map((t) => `${t.role} ${(t.api.rps / t.sql.rps).toFixed(2)}x p99 ${t.api.p99} ms${ok(t) ? '' : ' MISSED'}`)
        .join(', '),
    ]);
  }
  if (provider) {
    judge(
      "2M orders / 10,000 stores: every role's first page p50 <= 25 ms",
      rows.filter((r) => r.query === 'first page'),
      (r) => p50(r.api) <= 25,
      (r) => `${ms(p50(r.api))} ms`,
    );
  } else {
    verdicts.push([
      "2M orders / 10,000 stores: every role's first page p50 <= 25 ms",
      false,
      'not judged: smaller data set',
    ]);
  }
  console.log(`\nTargets (issue #20; set for PostgreSQL, reported for ${mode}):`);
  for (const [label, ok, detail] of verdicts) {
    const word = detail.startsWith('not judged') ? 'N/A   ' : ok ? 'HELD  ' : 'MISSED';
    console.log(`  ${word} ${label}: ${detail}`);
  }
  console.log(
    JSON.stringify({
      mode,
      orders: orderCount,
      stores: storeCount,
      runs,
      rows: rows.map((r) => ({
        role: r.role,
        query: r.query,
        total: r.total,
        api_p50: Number(ms(p50(r.api))),
        api_p95: Number(ms(percentile(r.api, 0.95))),
        sql_p50: Number(ms(p50(r.sql))),
        sql_p95: Number(ms(percentile(r.sql, 0.95))),
      })),
      throughput,
    }),
  );
} finally {
  agent.destroy();
  await app.close();
  if (values.db) await (sqlPool as pg.Pool).end();
}
