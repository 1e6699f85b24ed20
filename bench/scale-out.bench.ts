/**
 * Scale-out: the order list and the chat unread polls against one instance, then against two
 * instances behind a small round-robin proxy (node:http, keep-alive to both), all on one
 * PostgreSQL database on this machine. Prints throughput and latency for each.
 *
 * Throw-away database and loopback only. The bench makes the database itself (migrated and seeded
 * with the demo data by the first instance; two instances start at once to show the start-up lock):
 *   node bench/scale-out.bench.ts [--db postgres://postgres@127.0.0.1:5432/wop_scale_bench]
 *                                 [--duration 15] [--connections 50]
 * Point --db at a database filled by bench/generate-orders.ts for list figures on a large data set.
 * On a 2-core machine both instances, PostgreSQL, the proxy and the load generator share the same
 * two cores: a second instance can only win where one instance leaves a core idle (waiting on the
 * database), so read the numbers as "what one machine does", not as a cluster's.
 * Kept out of `npm test`: numbers, not a timed test.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, login, type RunningServer, startServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wop_scale_bench' },
    duration: { type: 'string', default: '15' },
    connections: { type: 'string', default: '50' },
  },
});
const dbUrl = new URL(values.db);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(dbUrl.hostname)) throw new Error('Loopback only.');

// Create the database if it is missing.
{
  const admin = new pg.Client({ connectionString: new URL('/postgres', dbUrl).toString() });
  await admin.connect();
  const name = dbUrl.pathname.slice(1);
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (!rowCount) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-scale-bench-'));
const logFile = path.join(work, 'servers.log');
const start = (name: string) =>
  startServer({
    dataDir: path.join(work, name),
    logFile,
    env: { DATABASE_URL: values.db, SEED_DEMO: 'true', DATABASE_POOL_SIZE: '3', LOG_LEVEL: 'warn' },
  });

/** A round-robin reverse proxy over `targets`, as a load balancer would be. */
async function proxy(targets: string[]): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[next++ % targets.length]);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

async function measure(url: string, label: string, token: string, route: () => string) {
  const run = (duration: number) =>
    autocannon({
      url,
      connections: Number(values.connections),
      duration,
      timeout: 10,
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => ({
            ...request,
            path: route(),
            headers: { authorization: `Bearer ${token}`, lang: 'en' },
          }),
        },
      ],
    });
  await run(3); // warm-up
  const result = await run(Number(values.duration));
  const row = {
    setup: label,
    req_per_s: Math.round(result.requests.total / result.duration),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
  console.log(JSON.stringify(row));
  return row;
}

const servers: RunningServer[] = [];
try {
  // Both start at once on the same database: migrations and seeding take turns under the lock.
  servers.push(...(await Promise.all([start('a'), start('b')])));
  const [a, b] = servers;
  const single = await proxy([a.url]);
  const balancer = await proxy([a.url, b.url]);
  const token = await login(a.url, 'store@example.com');
  const orders = (await (
    await fetch(`${a.url}/api/orders?limit=25`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { payload: { data: { id: number }[]; total: number } };
  const ids = orders.payload.data.map((o) => o.id);
  if (ids.length === 0) throw new Error('The bench user sees no orders.');
  console.log(
    `store@example.com sees ${orders.payload.total} orders; ${values.connections} connections, ${values.duration} s each`,
  );
  const calls = {
    'order list': () => '/api/orders?page=1&limit=25',
    'unread polls': () => `/api/orders/${ids[Math.floor(Math.random() * ids.length)]}/unreadmessages`,
  };
  const rows = [];
  for (const [call, route] of Object.entries(calls)) {
    rows.push({ call, ...(await measure(a.url, 'one instance', token, route)) });
    rows.push({ call, ...(await measure(single.url, 'one instance + proxy', token, route)) });
    rows.push({ call, ...(await measure(balancer.url, 'two instances + proxy', token, route)) });
  }
  await Promise.all([single.close(), balancer.close()]);
  console.table(rows);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  fs.rmSync(work, { recursive: true, force: true });
}
