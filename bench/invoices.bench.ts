/**
 * Invoicing a month of 40,000 completed orders of one chain (api-contract "Costs"), and what cost
 * lines add to an order's write. On a throw-away PostgreSQL database that this script fills: the demo
 * data, then N completed orders of the demo chain 1 in one month with a labour and a material line
 * each (written as the app writes them: order_costs totals kept with the lines).
 *
 * TARGETS (issue #39):
 * - POST /api/invoices for the month (every line, the totals, the number) in under 10 s, the server's
 *   memory (RSS) growing under 150 MB while it runs: the lines are written by one INSERT ... SELECT,
 *   never held in the server.
 * - An order's write costs under 1 ms more with its costs row (the order_costs trigger): median of
 *   single-order inserts with the trigger minus the median without it.
 * - The 40,000-line invoice's Peppol XML and its PDF streamed over HTTP (read and dropped by the client):
 *   the first byte within 1 s (a stream starts at once, it does not wait for the whole document), the
 *   whole XML within 10 s and the whole PDF (about 700 pages) within 30 s, and the server's memory (peak
 *   RSS over the run, sampled every 20 ms) growing under 150 MB for each: the lines are read 2,000 at a
 *   time and written out, never held whole.
 * - A page of the invoice's lines (GET /api/invoices/{id}?page=&limit=50), the first and the last of
 *   800, each in under 100 ms (median of 20): a page is a range of line numbers, one indexed read.
 *
 *   createdb -h 127.0.0.1 -U postgres wop_invoice_bench
 *   node bench/invoices.bench.ts --db postgres://postgres@127.0.0.1:5432/wop_invoice_bench [--orders 40000]
 *
 * Kept out of `npm test`: numbers, not a timed test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newSecretsKey } from '../apps/server/src/lib/secrets.ts';

export const TARGET_ISSUE_MS = 10_000;
export const TARGET_RSS_GROWTH_MB = 150;
export const TARGET_TRIGGER_MS = 1;
export const TARGET_FIRST_BYTE_MS = 1_000;
export const TARGET_XML_MS = 10_000;
export const TARGET_PDF_MS = 30_000;
export const TARGET_LINES_PAGE_MS = 100;

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    orders: { type: 'string', default: '40000' },
    writes: { type: 'string', default: '500' },
  },
});
if (!values.db) {
  console.error('Give --db postgres://... (a throw-away database: it is filled with demo data and orders).');
  process.exit(2);
}
const count = Number(values.orders);

const app = await buildApp(
  loadConfig({
    DATABASE_URL: values.db,
    SECRETS_KEY: newSecretsKey(),
    DATA_DIR: path.join(os.tmpdir(), 'wop-invoice-bench-files'),
    SEED_DEMO: 'true',
    RATE_LIMIT_PER_MINUTE: '0',
    LOG_LEVEL: 'silent',
    SELLER_NAME: 'Bench Service AB',
    SELLER_VAT_ID: 'SE556677889901',
    SELLER_PEPPOL_ID: '0007:5566778899',
    SELLER_IBAN: 'SE4550000000058398257466',
  }),
  { logger: false },
);
const pool = app.database.pool;
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  // A month of completed orders for chain 1, two lines each, totals as the cost-lines service keeps them.
  await pool.query(`
    insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, approval_status,
      status_id, technician_id, completed_at, due_at, created_at)
    select 'Bench order ' || g, 1 + g % 5, 20, s.chain_id, s.region_id, s.id, 'approved',
      (select id from order_statuses where slug = 'completed'), null,
      timestamptz '2026-10-01 08:00+02' + (g % (30 * 24 * 60)) * interval '1 minute',
      timestamptz '2026-10-15 08:00+02', timestamptz '2026-09-28 08:00+02'
    from generate_series(1, ${count}) g
    join lateral (select id, chain_id, region_id from stores where chain_id = 1 order by id offset g % 9 limit 1) s on true`);
  await pool.query(`
    with month as (
      select o.id from orders o where o.description like 'Bench order %'),
    lines as (
      insert into cost_lines (order_id, kind, description, quantity_milli, unit_price_minor, amount_minor)
      select id, kind, kind, q, p, (q::bigint * p + 500) / 1000
      from month, (values ('labour', 1500, 69500), ('material', 1000, 12345)) v(kind, q, p)
      returning order_id, kind, amount_minor)
    update order_costs oc set labour_minor = t.labour, material_minor = t.material
    from (select order_id, sum(amount_minor) filter (where kind = 'labour') as labour,
            sum(amount_minor) filter (where kind = 'material') as material
          from lines group by order_id) t
    where oc.order_id = t.order_id`);
  await pool.query('analyze');

  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'admin@example.com', password: 'demo1234' },
  });
  const headers = { authorization: `Bearer ${login.json().payload.access_token}` };

  let peakRss = process.memoryUsage().rss;
  const rssBefore = peakRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/invoices',
    headers,
    payload: { chain_id: 1, from: '2026-10-01', to: '2026-10-31' },
  });
  const issueMs = performance.now() - t0;
  clearInterval(sampler);
  if (res.statusCode !== 201) throw new Error(`issue failed: ${res.statusCode} ${res.body}`);
  const invoice = res.json().payload;
  const growthMb = (peakRss - rssBefore) / 1024 / 1024;

  // The costs row's price on an order's write: single-row inserts with and without the trigger.
  const writes = Number(values.writes);
  const insertOne = async () => {
    const t = performance.now();
    await pool.query(`
      insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, status_id, due_at)
      values ('Trigger bench', 1, 20, 1, 1, 1, (select id from order_statuses where slug = 'pending'), now())`);
    return performance.now() - t;
  };
  // Rounds alternate with and without the trigger, so that the machine's drift weighs on both alike.
  const withTimes: number[] = [];
  const withoutTimes: number[] = [];
  for (let i = 0; i < 20; i++) await insertOne(); // warm-up
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < writes / 10; i++) withTimes.push(await insertOne());
    await pool.query('alter table orders disable trigger orders_costs_insert');
    for (let i = 0; i < writes / 10; i++) withoutTimes.push(await insertOne());
    await pool.query('alter table orders enable trigger orders_costs_insert');
  }
  const withTrigger = median(withTimes);
  const withoutTrigger = median(withoutTimes);
  const triggerMs = withTrigger - withoutTrigger;

  // A page of the lines, the first and the last: the answer of the invoice page.
  const lastPage = Math.ceil(invoice.lines_count / 50);
  const pageMs: Record<string, number> = {};
  for (const page of [1, lastPage]) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const answer = await app.inject({
        method: 'GET',
        url: `/api/invoices/${invoice.id}?page=${page}&limit=50`,
        headers,
      });
      times.push(performance.now() - t);
      if (answer.statusCode !== 200 || !answer.json().payload.lines.data.length) {
        throw new Error(`lines page ${page}: ${answer.statusCode}`);
      }
    }
    pageMs[page] = median(times);
  }

  // The documents, streamed over a real connection: the client counts the bytes and drops them.
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const stream = (kind: 'peppol' | 'pdf') =>
    new Promise<{ ms: number; firstByteMs: number; bytes: number; growthMb: number; status: number }>(
      (resolve, reject) => {
        const before = process.memoryUsage().rss;
        let peak = before;
        const sample = setInterval(() => {
          peak = Math.max(peak, process.memoryUsage().rss);
        }, 20);
        const t = performance.now();
        let firstByteMs = Number.NaN;
        http
          .get({ host: '127.0.0.1', port, path: `/api/invoices/${invoice.id}/${kind}`, headers }, (response) => {
            let bytes = 0;
            response.on('data', (chunk: Buffer) => {
              if (bytes === 0) firstByteMs = performance.now() - t;
              bytes += chunk.length;
            });
            response.on('end', () => {
              clearInterval(sample);
              resolve({
                ms: performance.now() - t,
                firstByteMs,
                bytes,
                growthMb: (peak - before) / 1024 / 1024,
                status: response.statusCode ?? 0,
              });
            });
            response.on('error', reject);
          })
          .on('error', reject);
      },
    );
  const xml = await stream('peppol');
  const pdf = await stream('pdf');
  if (xml.status !== 200 || pdf.status !== 200) throw new Error(`documents: XML ${xml.status}, PDF ${pdf.status}`);

  console.log(
    `orders invoiced: ${invoice.lines_count} (number ${invoice.number}, total ${invoice.total_minor} minor units)`,
  );
  console.log(`issue: ${issueMs.toFixed(0)} ms (target < ${TARGET_ISSUE_MS} ms)`);
  console.log(`server RSS growth while issuing: ${growthMb.toFixed(1)} MB (target < ${TARGET_RSS_GROWTH_MB} MB)`);
  console.log(
    `order insert median: ${withTrigger.toFixed(3)} ms with its costs row, ${withoutTrigger.toFixed(3)} ms without: +${triggerMs.toFixed(3)} ms (target < ${TARGET_TRIGGER_MS} ms)`,
  );
  for (const [page, ms] of Object.entries(pageMs)) {
    console.log(
      `lines page ${page} of ${lastPage} (50 lines): median ${ms.toFixed(1)} ms (target < ${TARGET_LINES_PAGE_MS} ms)`,
    );
  }
  const documents = [
    { name: 'Peppol XML', doc: xml, targetMs: TARGET_XML_MS },
    { name: 'PDF', doc: pdf, targetMs: TARGET_PDF_MS },
  ];
  for (const { name, doc, targetMs } of documents) {
    console.log(
      `${name}: ${(doc.bytes / 1024 / 1024).toFixed(1)} MB, first byte ${doc.firstByteMs.toFixed(0)} ms (target < ${TARGET_FIRST_BYTE_MS} ms), whole in ${doc.ms.toFixed(0)} ms (target < ${targetMs} ms), server peak RSS growth ${doc.growthMb.toFixed(1)} MB (target < ${TARGET_RSS_GROWTH_MB} MB)`,
    );
  }
  const ok =
    issueMs < TARGET_ISSUE_MS &&
    growthMb < TARGET_RSS_GROWTH_MB &&
    triggerMs < TARGET_TRIGGER_MS &&
    Object.values(pageMs).every((ms) => ms < TARGET_LINES_PAGE_MS) &&
    documents.every(
      ({ doc, targetMs }) =>
        doc.firstByteMs < TARGET_FIRST_BYTE_MS && doc.ms < targetMs && doc.growthMb < TARGET_RSS_GROWTH_MB,
    );
  console.log(ok ? 'PASS' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await app.close();
}
