/**
 * A large order data set for the orders-list benchmark (bench/orders-list.bench.ts) and the chat
 * benchmarks: 25 bench chains x 10 regions x 20 stores = 5,000 stores, and 1,000,000 orders over
 * them (about 40,000 per chain), spread over two years, in every status, approval status and
 * priority, most of them with a technician. A throw-away database only:
 *
 *   createdb -h 127.0.0.1 -U postgres wop_bench
 *   node bench/generate-orders.ts --db postgres://postgres@127.0.0.1:5432/wop_bench
 *   node bench/generate-orders.ts --data-dir /tmp/wop-bench-embedded        # the embedded database
 *       [--orders 1000000] [--stores 5000] [--batch 100000]
 *
 * A provider's scale (issue #20): --orders 2000000 --stores 10000 (50 chains of 200 stores).
 * --stores is a multiple of 200 (a chain is 10 regions x 20 stores).
 *
 * Rows are made by SQL generate_series, none pass through Node. Migrates and seeds the demo data
 * first if the database is empty; running it again only tops up: chains up to --stores, orders up to
 * --orders (new orders go over all bench stores), and the bench users. Those are one per role,
 * password bench1234, e-mails in bench/orders-bench-user.ts: the chain-admin
 * (orders-bench-chainadmin@bench.example) of the first bench chain, the regional director of its
 * first region, the store manager of its first store, a technician (given one in 40 assigned
 * bench orders, once, if it has none), an admin and a super-admin.
 */
import { parseArgs } from 'node:util';
import { openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { hashPassword } from '../apps/server/src/lib/password.ts';
import { BENCH_CHAIN_ADMIN, BENCH_USERS } from './orders-bench-user.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    'data-dir': { type: 'string' },
    orders: { type: 'string', default: '1000000' },
    stores: { type: 'string', default: '5000' },
    batch: { type: 'string', default: '100000' },
  },
});
if (!values.db && !values['data-dir']) {
  console.error('Give --db postgres://... (a throw-away database) or --data-dir DIR (embedded).');
  process.exit(2);
}
const target = Number(values.orders);
const storesWanted = Number(values.stores);
if (!Number.isInteger(storesWanted) || storesWanted < 200 || storesWanted % 200 !== 0) {
  console.error('--stores is a multiple of 200 (a bench chain is 10 regions x 20 stores).');
  process.exit(2);
}
const chainsWanted = storesWanted / 200;
const batch = Number(values.batch);
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;

const database = await openDatabase({ databaseUrl: values.db, dataDir: values['data-dir'] ?? '/tmp/unused' });
const q = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await database.pool.query<T>(text, params)).rows;
const n = async (text: string, params: unknown[] = []) => Number((await q<{ n: string }>(text, params))[0].n);

try {
  await runMigrations(database.db);
  await seedDemo(database.db);

  const chainsHad = await n(`select count(*) as n from chains where chain_name like 'Bench Chain %'`);
  if (chainsHad < chainsWanted) {
    console.log(`chains ${chainsHad + 1}..${chainsWanted}, their regions and stores ...`);
    // Names sort in number order (two digits up to 99 chains, as before --stores existed).
    const digits = Math.max(2, String(chainsWanted).length);
    await q(
      `insert into chains (chain_name, phone, email, invoice_address, contact_person, has_region)
      select 'Bench Chain ' || lpad(g::text, $3, '0'), '0800000' || lpad(g::text, 3, '0'),
        'chain' || g || '@bench.example', 'Benchgatan ' || g || ', 111 22 Stockholm', 'Bench Kontakt', true
      from generate_series($1::int, $2::int) g`,
      [chainsHad + 1, chainsWanted, digits],
    );
    await q(`insert into regions (chain_id, region_name, phone, email, contact_person)
      select c.id, c.chain_name || ' Region ' || r, '0812345' || lpad(r::text, 3, '0'), null, 'Regionchef ' || r
      from chains c cross join generate_series(1, 10) r where c.chain_name like 'Bench Chain %'
        and not exists (select 1 from regions x where x.chain_id = c.id)`);
    await q(`insert into stores (chain_id, region_id, store_name, phone, email, invoice_address, contact_person)
      select r.chain_id, r.id, r.region_name || ' Butik ' || s, '0701' || lpad((r.id * 100 + s)::text, 6, '0'), null,
        'Butiksvägen ' || s, 'Butikschef ' || s
      from regions r join chains c on c.id = r.chain_id cross join generate_series(1, 20) s
      where c.chain_name like 'Bench Chain %' and not exists (select 1 from stores x where x.region_id = r.id)`);
  }
  const storeCount = await n(
    `select count(*) as n from stores s join chains c on c.id = s.chain_id where c.chain_name like 'Bench Chain %'`,
  );
  const existing = await n(
    `select count(*) as n from orders o join chains c on c.id = o.chain_id where c.chain_name like 'Bench Chain %'`,
  );
  console.log(`${storeCount} bench stores, ${existing} bench orders; target ${target}`);

  await q('set synchronous_commit = off').catch(() => {});
  for (let from = existing + 1; from <= target; from += batch) {
    const to = Math.min(target, from + batch - 1);
    // g runs over the whole data set: creation times rise with g (about one order a minute over two
    // years), so project numbers and dates agree as in real life.
    await q(
      `with s as (
         select array_agg(s.id order by s.id) as ids, array_agg(s.chain_id order by s.id) as chains,
           array_agg(s.region_id order by s.id) as regions, count(*)::int as n
         from stores s join chains c on c.id = s.chain_id where c.chain_name like 'Bench Chain %'),
       wt as (select array_agg(id order by id) as ids, count(*)::int as n from work_types),
       st as (select array_agg(id order by id) as ids from order_statuses where builtin),
       tech as (select array_agg(u.id order by u.id) as ids, count(*)::int as n
         from users u join roles r on r.id = u.role_id where r.slug = 'technician'),
       creator as (select min(u.id) as id from users u join roles r on r.id = u.role_id where r.slug = 'store-manager'),
       rows as (
         select g, (g::bigint * 7919) % s.n + 1 as si, (g::bigint * 31) % 5 + 1 as sti,
           (array[10, 20, 30])[(g::bigint * 13) % 3 + 1] as prio,
           now() - (($3::bigint - g) * interval '63 seconds') as created
         from generate_series($1::int, $2::int) g, s)
       insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, created_by,
         approval_status, approval_status_date, status_id, technician_id, planned_at, completed_at, due_at,
         created_at, updated_at)
       select
         (array['Frysdisk håller inte temperaturen', 'Läckage under kyldisk', 'Belysning blinkar i kassalinjen',
                'Entrédörren stannar halvvägs', 'Vesivuoto henkilökunnan WC:ssä', 'Ventilationen luktar bränt',
                'Lastkajens port går inte att låsa', 'Kylmiön ovi ei sulkeudu'])[g % 8 + 1] || ' #' || g,
         wt.ids[(g::bigint * 7) % wt.n + 1], r.prio, s.chains[r.si], s.regions[r.si], s.ids[r.si], creator.id,
         (array['pending', 'approved', 'approved', 'rejected'])[(g::bigint * 17) % 4 + 1],
         case when (g::bigint * 17) % 4 = 0 then null else r.created + interval '2 hours' end,
         st.ids[r.sti],
         case when r.sti = 1 and g % 2 = 0 then null else tech.ids[(g::bigint * 11) % tech.n + 1] end,
         case when r.sti in (2, 4) then r.created + interval '3 days' end,
         case when r.sti = 5 then r.created + interval '4 days' end,
         r.created + (select due_hours from priorities where id = r.prio) * interval '1 hour',
         r.created, r.created
       from rows r, s, wt, st, tech, creator`,
      [from, to, target],
    );
    // Statistics for the next batch's statements, the triggers' included. The embedded database has
    // no autovacuum: planned for tables a fraction of their size, a batch of 100,000 ran for minutes.
    await q('analyze');
    console.log(`  orders ${from}..${to} (${seconds()})`);
  }

  // The bench users, one per role (idempotent): the chain-admin of the first bench chain, the
  // regional director of its first region, the store manager of its first store, a technician, an
  // admin and a super-admin.
  const hash = await hashPassword(BENCH_CHAIN_ADMIN.password);
  const names: Record<keyof typeof BENCH_USERS, string> = {
    'super-admin': 'Bench Superadmin',
    admin: 'Bench Admin',
    'chain-admin': 'Bench Kedjeadmin',
    'regional-director': 'Bench Regionchef',
    'store-manager': 'Bench Butikschef',
    technician: 'Bench Tekniker',
  };
  for (const [role, user] of Object.entries(BENCH_USERS) as [keyof typeof BENCH_USERS, { email: string }][]) {
    await q(
      `insert into users (name, email, password_hash, phone_no, role_id)
       values ($3, $1, $2, '0700000000', (select id from roles where slug = $4))
       on conflict (email) do update set password_hash = excluded.password_hash`,
      [user.email, hash, names[role], role],
    );
  }
  const firstChain = `(select min(id) from chains where chain_name like 'Bench Chain %')`;
  const firstRegion = `(select min(id) from regions where chain_id = ${firstChain})`;
  await q(
    `insert into user_chains (user_id, chain_id) select u.id, ${firstChain} from users u where u.email = $1
     on conflict do nothing`,
    [BENCH_USERS['chain-admin'].email],
  );
  await q(
    `insert into user_regions (user_id, region_id) select u.id, ${firstRegion} from users u where u.email = $1
     on conflict do nothing`,
    [BENCH_USERS['regional-director'].email],
  );
  await q(
    `insert into user_stores (user_id, store_id)
     select u.id, (select min(id) from stores where region_id = ${firstRegion}) from users u where u.email = $1
     on conflict do nothing`,
    [BENCH_USERS['store-manager'].email],
  );
  // The bench technician takes over one in 40 assigned bench orders, once (about 22,000 of 1M), picked by
  // a hash of the id: a residue of the id would pick one description, status and approval for them all.
  const techId = (await q<{ id: number }>('select id from users where email = $1', [BENCH_USERS.technician.email]))[0]
    .id;
  if ((await n('select count(*) as n from orders where technician_id = $1', [techId])) === 0) {
    await q(
      `update orders o set technician_id = $1 from chains c
       where c.id = o.chain_id and c.chain_name like 'Bench Chain %' and o.technician_id is not null and hashint4(o.id) % 40 = 0`,
      [techId],
    );
  }
  console.log(
    `bench users: ${Object.values(BENCH_USERS)
      .map((u) => u.email)
      .join(
        ', ',
      )} (technician with ${await n('select count(*) as n from orders where technician_id = $1', [techId])} orders)`,
  );

  console.log(`vacuum analyze (${seconds()}) ...`);
  for (const table of [
    'orders',
    'order_words',
    'search_words',
    'search_word_counts',
    'stores',
    'regions',
    'chains',
    'users',
  ])
    await q(`vacuum analyze ${table}`);
  // Each batch above rewrites every tally row, and the technician's takeover again, with no vacuum in
  // between: the tallies end at several times their live size (481 pages for 9,518 rows at 1M orders;
  // 74 rewritten), where a live system's autovacuum lets new row versions reuse the space of old ones.
  await q('vacuum (full, analyze) order_tallies');
  const total = await n('select count(*) as n from orders');
  console.log(`done: ${total} orders, ${await n('select count(*) as n from stores')} stores in ${seconds()}`);
} finally {
  await database.close();
}
