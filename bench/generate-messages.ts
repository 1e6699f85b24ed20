/**
 * Adds chat messages onto an already generated order data set (bench/generate-orders.ts:
 * 1,000,000 orders over 5,000 stores) in a throw-away PostgreSQL database. Never point it at a
 * real database.
 *
 *   createdb -h 127.0.0.1 -U postgres wop_bench
 *   node bench/generate-orders.ts ...                        # the orders data set first
 *   node bench/generate-messages.ts [--db URL] [--messages 5000000]
 *
 * SQL generate_series only (no rows through Node): ~5,000,000 messages in a few minutes. Orders get
 * 0 to about twice the mean messages each (deterministic; mean = messages / orders), from the order's creator and its
 * technician in turn, timed after the order was created.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/wop_bench' },
    messages: { type: 'string', default: '5000000' },
    batch: { type: 'string', default: '100000' },
  },
});
const target = Number(values.messages);
const batch = Number(values.batch);
const client = new pg.Client({ connectionString: values.db });
await client.connect();

const count = async (sql: string) => Number((await client.query(sql)).rows[0].n);
const orders = await count('select count(*) as n from orders');
if (orders < 1000) {
  console.error(`Only ${orders} orders in ${values.db}: generate the orders data set first.`);
  process.exit(1);
}
const before = await count('select count(*) as n from chat_messages');
// Messages per order = (id * prime) mod m: 0 .. m-1, mean (m-1)/2 = target / orders.
const m = Math.max(2, Math.round((2 * target) / orders) + 1);
const fallbackSender = await count('select coalesce(min(id), 0) as n from users');
const { rows } = await client.query('select min(id) as lo, max(id) as hi from orders');
const [lo, hi] = [Number(rows[0].lo), Number(rows[0].hi)];
console.log(
  `${orders} orders (ids ${lo}..${hi}), ${before} messages already; adding ~${target} (0..${m - 1} per order)`,
);

await client.query('set synchronous_commit = off');
const started = Date.now();
for (let from = lo; from <= hi; from += batch) {
  const to = Math.min(hi, from + batch - 1);
  await client.query(
    `insert into chat_messages (order_id, sender_id, body, created_at)
     select o.id,
       coalesce(case when g % 2 = 0 then o.technician_id else o.created_by end, o.created_by, o.technician_id, $4::int),
       (array['Hej! Kan ni komma så snart som möjligt?', 'Thanks, we have it on the list.',
              'Tekniker på väg, framme inom en timme.', 'Kiitos, tulemme huomenna aamulla.',
              'The spare part is ordered, back on Thursday.'])[1 + (o.id + g) % 5] || ' #' || g,
       o.created_at + g * interval '37 minutes'
     from orders o
     cross join lateral generate_series(1, (o.id::bigint * 7919) % $3::int) g
     where o.id between $1 and $2
     order by o.id, g`,
    [from, to, m, fallbackSender],
  );
  const done = await count('select count(*) as n from chat_messages');
  process.stdout.write(
    `\r  orders ..${to}: ${done - before} messages (${Math.round((Date.now() - started) / 1000)} s)`,
  );
}
console.log('\nanalyze ...');
await client.query('analyze chat_messages');
const after = await count('select count(*) as n from chat_messages');
console.log(`${after - before} messages added (${after} in all) in ${Math.round((Date.now() - started) / 1000)} s`);
await client.end();
