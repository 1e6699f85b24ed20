import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, tokenFor } from '../../test/app.ts';
import { pdfText } from '../../test/pdf.ts';
import { startReceiver, until } from '../../test/webhook-receiver.ts';
import { GENERATOR_LOCK, generatePlans } from './plans.generate.ts';

const receiver = await startReceiver();
afterAll(() => receiver.close());
// Monday 1 March 2027, 09:00 in Stockholm. The clock moves forward in the tests below, never back.
let clock = new Date('2027-03-01T08:00:00Z');
const app = await createTestApp({ PLAN_GENERATE_SECONDS: '3600', WEBHOOK_ALLOW_PRIVATE: 'true' }, { now: () => clock });
const TZ = 'Europe/Stockholm';
const generate = () => generatePlans(app.db, clock, TZ);
const setClock = (iso: string) => {
  clock = new Date(iso);
};

const one = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  (await app.db.execute<T>(query)).rows[0] as T;
const demoStore = (
  await one<{ id: number }>(sql`select s.id from stores s
  join user_stores us on us.store_id = s.id join users u on u.id = us.user_id where u.email = 'store@example.com'`)
).id;
const chainOf = async (store: number) =>
  (await one<{ chain_id: number }>(sql`select chain_id from stores where id = ${store}`)).chain_id;
const chain = await chainOf(demoStore);
const otherRegionStore = (
  await one<{ id: number }>(sql`select s.id from stores s where s.chain_id = ${chain}
    and s.region_id is distinct from (select region_id from stores where id = ${demoStore}) order by s.id limit 1`)
).id;
// The second chain's demo store (its chain-admin and store manager are chainAdmin2 and store2).
const otherChainStore = (
  await one<{ id: number }>(sql`select us.store_id as id from user_stores us join users u on u.id = us.user_id
    where u.email = 'store2@example.com'`)
).id;
const worktype = (await one<{ id: number }>(sql`select id from work_types order by id limit 1`)).id;

// Signed in before the tests: a sign-in's password hashing is slow on a busy machine.
for (const who of ['admin', 'chainAdmin', 'chainAdmin2', 'director', 'store', 'store2', 'tech'] as const) {
  await tokenFor(app, who);
}

const weekly = (over: Record<string, unknown> = {}) => ({
  title: 'Branddörrar',
  description: 'Kontrollera dörrstängarna.',
  worktype_id: worktype,
  priority: 20,
  targets: { store_ids: [demoStore] },
  rule: { freq: 'weekly', interval: 1, weekdays: [1] },
  starts_on: '2027-01-04',
  lead_days: 3,
  ...over,
});

async function createPlan(as: DemoUser, body: Record<string, unknown>) {
  const res = await call(app, 'POST', '/api/plans', { as, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; version: number; next_day: string | null };
}

const ordersOf = async (planId: number) =>
  (
    await app.db.execute<{
      id: number;
      store_id: number;
      status: string;
      approval_status: string;
      due_at: Date | string;
      day: string;
    }>(sql`select o.id, o.store_id, os.slug as status, o.approval_status, o.due_at, po.day::text as day
      from orders o join order_statuses os on os.id = o.status_id
      join plan_occurrences po on po.order_id = o.id
      where o.plan_id = ${planId} order by po.day, o.store_id`)
  ).rows;

describe('a plan, its preview and its orders', () => {
  it('previews the next 12 days from today (not from a start in the past), and generates lead_days before each', async () => {
    const plan = await createPlan('chainAdmin', weekly());
    expect(plan.next_day).toBe('2027-03-01');
    const preview = await call(app, 'GET', `/api/plans/${plan.id}/preview`, { as: 'store' });
    expect(preview.statusCode, preview.body).toBe(200);
    const [target] = preview.json().payload.targets;
    expect(target.store_id).toBe(demoStore);
    expect(target.days).toHaveLength(12);
    expect(target.days[0]).toEqual({
      day: '2027-03-01',
      generate_on: '2027-02-26',
      moved: false,
      status: 'coming',
      order: null,
    });
    // Easter Monday 2027 (29 March) is a Swedish holiday: that week's day is the Friday before, itself Good Friday,
    // so Thursday 25 March.
    expect(target.days.map((d: { day: string }) => d.day).slice(0, 6)).toEqual([
      '2027-03-01',
      '2027-03-08',
      '2027-03-15',
      '2027-03-22',
      '2027-03-25',
      '2027-04-05',
    ]);
    // The day moved off the holidays says so; the others do not.
    expect(target.days.slice(0, 6).map((d: { moved: boolean }) => d.moved)).toEqual([
      false,
      false,
      false,
      false,
      true,
      false,
    ]);

    await generate();
    const orders = await ordersOf(plan.id);
    expect(orders.map((o) => o.day)).toEqual(['2027-03-01']);
    expect(orders[0]).toMatchObject({ status: 'pending', approval_status: 'approved', store_id: demoStore });
    // Due at the end of the day in Stockholm (UTC+1 in March before the change).
    expect(new Date(orders[0].due_at).toISOString()).toBe('2027-03-01T22:59:59.000Z');

    // The order page names its plan.
    const order = await call(app, 'GET', `/api/orders/${orders[0].id}`, { as: 'store' });
    expect(order.json().payload.plan).toEqual({ id: plan.id, title: 'Branddörrar' });
    expect(order.json().payload.plan_id).toBe(plan.id);
    // And so does its PDF, in the reader's language.
    for (const [lang, label] of [
      ['en', 'Maintenance plan'],
      ['sv', 'Underhållsplan'],
      ['fi', 'Huoltosuunnitelma'],
    ] as const) {
      const pdf = await call(app, 'GET', `/api/orders/generatePdf/${orders[0].id}`, { as: 'store', lang });
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toContain(`${label}: Branddörrar`);
    }
    // Its approvers were told as of any new order, in the app and by e-mail.
    const told = (
      await app.db.execute<{ email: string; mailed: boolean }>(sql`
        select u.email, exists (select 1 from mail_outbox m where m.notification_id = n.id) as mailed
        from notifications n join users u on u.id = n.user_id
        where n.order_id = ${orders[0].id} and n.type = 'order_created' order by u.email`)
    ).rows;
    expect(told.map((t) => t.email)).toEqual(['chainadmin@example.com', 'director@example.com']);
    expect(told.every((t) => t.mailed)).toBe(true);

    // Again the same minute, and the preview shows the order.
    await generate();
    expect(await ordersOf(plan.id)).toHaveLength(1);
    const after = (await call(app, 'GET', `/api/plans/${plan.id}/preview?count=3`, { as: 'chainAdmin' })).json().payload
      .targets[0].days;
    expect(after).toEqual([
      {
        day: '2027-03-01',
        generate_on: '2027-02-26',
        moved: false,
        status: 'generated',
        order: expect.objectContaining({ id: orders[0].id }),
      },
      { day: '2027-03-08', generate_on: '2027-03-05', moved: false, status: 'coming', order: null },
      { day: '2027-03-15', generate_on: '2027-03-12', moved: false, status: 'coming', order: null },
    ]);

    // The next one on the Friday its lead time begins, not before.
    setClock('2027-03-04T22:00:00Z'); // Thursday 23:00 in Stockholm
    await generate();
    expect(await ordersOf(plan.id)).toHaveLength(1);
    setClock('2027-03-04T23:00:00Z'); // Friday 00:00
    await generate();
    expect((await ordersOf(plan.id)).map((o) => o.day)).toEqual(['2027-03-01', '2027-03-08']);
  });

  it('previews a plan not yet saved, checked as a save is', async () => {
    const res = await call(app, 'POST', '/api/plans/preview?count=4', {
      as: 'director',
      payload: weekly({ rule: { freq: 'monthly', interval: 1, month_day: 31 }, starts_on: '2027-01-31' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    // The 31st that does not exist is the month's last day (30 April, 30 June).
    expect(res.json().payload.targets[0].days.map((d: { day: string }) => d.day)).toEqual([
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
    ]);
    const outside = await call(app, 'POST', '/api/plans/preview', {
      as: 'director',
      payload: weekly({ targets: { store_ids: [otherRegionStore] } }),
    });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors).toEqual({ 'targets.store_ids': ['does not exist'] });
  });
});

describe('exactly once', () => {
  it('gives each occurrence one order with two generators at once, and after a lost run catches up', async () => {
    const stores = (
      await app.db.execute<{ id: number }>(sql`select id from stores where chain_id = ${chain} order by id limit 3`)
    ).rows.map((r) => r.id);
    const plans = [];
    for (let i = 0; i < 5; i++) {
      plans.push(
        await createPlan(
          'admin',
          weekly({
            title: `Tvåfaldig ${i}`,
            targets: { store_ids: stores },
            rule: { freq: 'weekly', interval: 1, weekdays: [1, 3, 5] },
          }),
        ),
      );
    }
    // Ten days pass with no generator running (the database away): then two at once.
    setClock('2027-03-15T08:00:00Z');
    await Promise.all([generate(), generate()]);
    for (const plan of plans) {
      const orders = await ordersOf(plan.id);
      // From the plan's creation (Friday 5 March, the day the last test left the clock) to Thursday 18 March
      // (lead 3): Mon/Wed/Fri 5, 8, 10, 12, 15, 17 March, for three stores.
      const days = [...new Set(orders.map((o) => o.day))];
      expect(days).toEqual(['2027-03-05', '2027-03-08', '2027-03-10', '2027-03-12', '2027-03-15', '2027-03-17']);
      expect(orders).toHaveLength(days.length * stores.length);
    }
    // An instance whose clock or state is behind runs the same occurrences again: the unique key holds.
    await app.db.execute(
      sql`update plans set generated_until = '2027-03-04', next_run_at = now() - interval '1 day' where title like 'Tvåfaldig%'`,
    );
    await Promise.all([generate(), generate(), generate()]);
    for (const plan of plans) expect(await ordersOf(plan.id)).toHaveLength(6 * stores.length);
  });

  // PGlite is one session, in which an advisory lock is always the holder's: the rule is PostgreSQL's.
  it.runIf(process.env.DATABASE_URL)('leaves a run to the instance that is generating', async () => {
    const plan = await createPlan(
      'admin',
      weekly({ title: 'En i taget', rule: { freq: 'weekly', interval: 1, weekdays: [1] } }),
    );
    const other = await app.database.pool.connect();
    try {
      // Another instance's batch is in progress: it holds the generator's lock until its commit.
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [GENERATOR_LOCK]);
      expect(await generate()).toEqual({ generated: 0, skipped: 0 });
      expect(await ordersOf(plan.id)).toEqual([]);
      await other.query('commit');
    } finally {
      other.release();
    }
    expect((await generate()).generated).toBeGreaterThan(0);
    expect((await ordersOf(plan.id)).length).toBeGreaterThan(0);
  });
});

describe('skip while the previous order is open', () => {
  it('records the skipped day, tells the approvers, and generates again once the order is completed', async () => {
    setClock('2027-03-22T08:00:00Z');
    const plan = await createPlan(
      'chainAdmin',
      weekly({ title: 'Kylservice', if_previous_open: 'skip', lead_days: 0 }),
    );
    await generate();
    const [first] = await ordersOf(plan.id);
    expect(first.day).toBe('2027-03-22');
    // Thursday 25 March (the Easter week's Monday, moved): the order of the 22nd is still pending.
    setClock('2027-03-25T08:00:00Z');
    await generate();
    expect(await ordersOf(plan.id)).toHaveLength(1);
    const skipped = await one<{ status: string; open_order_id: number }>(
      sql`select status, open_order_id from plan_occurrences where plan_id = ${plan.id} and day = '2027-03-25'`,
    );
    expect(skipped).toEqual({ status: 'skipped', open_order_id: first.id });
    const notes = await call(app, 'GET', '/api/notifications', { as: 'director', lang: 'sv' });
    const note = (notes.json().payload.data as { type: string; order_id: number; body: string }[]).find(
      (n) => n.type === 'plan_skipped' && n.order_id === first.id,
    );
    expect(note?.body).toContain('Underhållsplanen Kylservice skapade ingen order');
    const preview = (await call(app, 'GET', `/api/plans/${plan.id}/preview?count=2`, { as: 'chainAdmin' })).json()
      .payload.targets[0].days;
    expect(preview[0]).toMatchObject({ day: '2027-03-25', status: 'skipped' });

    await app.db.execute(
      sql`update orders set status_id = (select id from order_statuses where slug = 'completed'), completed_at = now() where id = ${first.id}`,
    );
    setClock('2027-04-05T08:00:00Z');
    await generate();
    expect((await ordersOf(plan.id)).map((o) => o.day)).toEqual(['2027-03-22', '2027-04-05']);
  });
});

describe('editing and pausing', () => {
  it('refuses a stale version (409) and changes only what is not yet generated', async () => {
    const plan = await createPlan('chainAdmin', weekly({ title: 'Ändras', lead_days: 7 }));
    await generate(); // Monday 5 April (today) and 12 April (within the 7 lead days)
    const before = await ordersOf(plan.id);
    expect(before.length).toBeGreaterThan(0);
    const last = before.at(-1)?.day as string;

    const stale = await call(app, 'PUT', `/api/plans/${plan.id}`, {
      as: 'chainAdmin',
      lang: 'fi',
      payload: weekly({ title: 'Ändras', version: plan.version + 1 }),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('Joku muu muutti suunnitelmaa');

    const edited = await call(app, 'PUT', `/api/plans/${plan.id}`, {
      as: 'chainAdmin',
      payload: weekly({
        title: 'Ändrad',
        rule: { freq: 'weekly', interval: 1, weekdays: [3] },
        lead_days: 7,
        version: plan.version,
      }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().payload.version).toBe(plan.version + 1);
    // What was generated stays as it was, and nothing up to its last day is generated again.
    await generate();
    const after = await ordersOf(plan.id);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length).every((o) => o.day > last)).toBe(true);
    const preview = (await call(app, 'GET', `/api/plans/${plan.id}/preview?count=3`, { as: 'chainAdmin' })).json()
      .payload.targets[0].days as { day: string; status: string }[];
    expect(
      preview.filter((d) => d.status === 'coming').every((d) => new Date(`${d.day}T12:00:00Z`).getUTCDay() === 3),
    ).toBe(true);

    // Paused: nothing more; resumed: from today on, with no catching up on the pause.
    const current = (await call(app, 'GET', `/api/plans/${plan.id}`, { as: 'chainAdmin' })).json().payload;
    const paused = await call(app, 'PUT', `/api/plans/${plan.id}`, {
      as: 'chainAdmin',
      payload: weekly({ title: 'Ändrad', rule: current.rule, lead_days: 7, active: false, version: current.version }),
    });
    expect(paused.statusCode).toBe(200);
    const count = (await ordersOf(plan.id)).length;
    setClock('2027-05-03T08:00:00Z');
    await generate();
    expect(await ordersOf(plan.id)).toHaveLength(count);
    await call(app, 'PUT', `/api/plans/${plan.id}`, {
      as: 'chainAdmin',
      payload: weekly({ title: 'Ändrad', rule: current.rule, lead_days: 7, version: paused.json().payload.version }),
    });
    await generate();
    const resumed = (await ordersOf(plan.id)).slice(count);
    expect(resumed.map((o) => o.day)).toEqual(['2027-05-05']);
  });
});

describe('roles, scope and bad input', () => {
  it('lets each role reach only the plans of its scope', async () => {
    const regional = await createPlan('director', weekly({ title: 'Regionens' }));
    const wide = await createPlan(
      'chainAdmin',
      weekly({ title: 'Hela kedjan', targets: { store_ids: [demoStore, otherRegionStore] } }),
    );
    const finnish = await createPlan(
      'chainAdmin2',
      weekly({ title: 'Suomi', targets: { store_ids: [otherChainStore] } }),
    );
    const get = (as: DemoUser, id: number) => call(app, 'GET', `/api/plans/${id}`, { as });
    expect((await get('director', regional.id)).statusCode).toBe(200);
    // Not all of its targets are in the director's region.
    expect((await get('director', wide.id)).statusCode).toBe(404);
    expect((await get('store', wide.id)).statusCode).toBe(200);
    expect((await get('chainAdmin', finnish.id)).statusCode).toBe(404);
    expect((await get('store', finnish.id)).statusCode).toBe(404);
    expect((await get('tech', regional.id)).statusCode).toBe(403);
    expect(
      (await call(app, 'PUT', `/api/plans/${regional.id}`, { as: 'store', payload: weekly({ version: 1 }) }))
        .statusCode,
    ).toBe(403);
    expect((await call(app, 'DELETE', `/api/plans/${wide.id}`, { as: 'director' })).statusCode).toBe(404);
    const list = (await call(app, 'GET', '/api/plans', { as: 'director', query: { limit: 100 } })).json().payload
      .data as {
      id: number;
    }[];
    expect(list.map((p) => p.id)).toContain(regional.id);
    expect(list.map((p) => p.id)).not.toContain(wide.id);
    expect(list.map((p) => p.id)).not.toContain(finnish.id);

    // Deleting the plan keeps the orders it generated.
    await generate();
    const generated = await ordersOf(regional.id);
    expect((await call(app, 'DELETE', `/api/plans/${regional.id}`, { as: 'director' })).statusCode).toBe(200);
    expect((await get('director', regional.id)).statusCode).toBe(404);
    const { rows } = await app.db.execute(
      sql`select id from orders where id in (${sql.join(
        generated.map((o) => sql`${o.id}`),
        sql`, `,
      )})`,
    );
    expect(rows).toHaveLength(generated.length);
  });

  it('answers 422 in the caller language and writes nothing', async () => {
    const count = async () => (await one<{ n: number }>(sql`select count(*)::int as n from plans`)).n;
    const before = await count();
    const bad = await call(app, 'POST', '/api/plans', {
      as: 'admin',
      lang: 'sv',
      payload: weekly({ rule: { freq: 'weekly', interval: 1, month_day: 3 } }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'rule.month_day': ['gäller inte för den valda upprepningen'] });
    const mixed = await call(app, 'POST', '/api/plans', {
      as: 'admin',
      lang: 'fi',
      payload: weekly({ targets: { store_ids: [demoStore, otherChainStore] } }),
    });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors).toEqual({ 'targets.store_ids': ['kaikkien on kuuluttava samaan ketjuun'] });
    const lead = await call(app, 'POST', '/api/plans', { as: 'admin', payload: weekly({ lead_days: 91 }) });
    expect(lead.statusCode).toBe(422);
    expect(Object.keys(lead.json().errors)).toEqual(['lead_days']);
    const range = await call(app, 'GET', '/api/plans/calendar', {
      as: 'admin',
      query: { from: '2027-05-01', to: '2027-04-01' },
    });
    expect(range.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });
});

describe('the calendar', () => {
  it("shows a store's generated orders and coming occurrences in a month", async () => {
    const plan = await createPlan('chainAdmin', weekly({ title: 'Kalender', lead_days: 2 }));
    await generate();
    const res = await call(app, 'GET', '/api/plans/calendar', {
      as: 'store',
      query: { from: '2027-05-01', to: '2027-05-31', store_id: demoStore },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = (
      res.json().payload as { day: string; status: string; plan_id: number; order: { id: number } | null }[]
    ).filter((i) => i.plan_id === plan.id);
    const [order] = await ordersOf(plan.id);
    // Monday 3 May is generated (today, lead 2); the other Mondays of May are coming.
    expect(mine[0]).toMatchObject({ day: '2027-05-03', status: 'generated', order: { id: order.id } });
    expect(mine.slice(1).map((i) => i.day)).toEqual(['2027-05-10', '2027-05-17', '2027-05-24', '2027-05-31']);
    expect(mine.slice(1).every((i) => i.status === 'coming' && i.order === null)).toBe(true);
    // Another chain's store manager sees none of it.
    const other = await call(app, 'GET', '/api/plans/calendar', {
      as: 'store2',
      query: { from: '2027-05-01', to: '2027-05-31' },
    });
    expect((other.json().payload as { plan_id: number }[]).some((i) => i.plan_id === plan.id)).toBe(false);
  });
});

describe('after the server was down', () => {
  it('tells the approvers of each day a catch-up skips, as a live run does', async () => {
    setClock('2027-05-10T08:00:00Z');
    const plan = await createPlan(
      'chainAdmin',
      weekly({ title: 'Filterbyte', if_previous_open: 'skip', lead_days: 0, starts_on: '2027-05-10' }),
    );
    // Three weeks without a run: the first Monday gets its order, the three after it are skipped for it.
    setClock('2027-05-31T08:00:00Z');
    await generate();
    const orders = await ordersOf(plan.id);
    expect(orders.map((o) => o.day)).toEqual(['2027-05-10']);
    const { rows: skipped } = await app.db.execute<{ day: string; open_order_id: number }>(
      sql`select day::text as day, open_order_id from plan_occurrences
        where plan_id = ${plan.id} and status = 'skipped' order by day`,
    );
    expect(skipped).toEqual(
      ['2027-05-17', '2027-05-24', '2027-05-31'].map((day) => ({ day, open_order_id: orders[0].id })),
    );
    // In the app and by e-mail, as a live skip (the test above).
    const { rows: told } = await app.db.execute<{ email: string; day: string; mailed: boolean }>(sql`
      select u.email, n.params->>'day' as day, exists (select 1 from mail_outbox m where m.notification_id = n.id) as mailed
      from notifications n join users u on u.id = n.user_id
      where n.type = 'plan_skipped' and n.order_id = ${orders[0].id} order by u.email, day`);
    expect(told).toEqual(
      ['chainadmin@example.com', 'director@example.com'].flatMap((email) =>
        ['2027-05-17', '2027-05-24', '2027-05-31'].map((day) => ({ email, day, mailed: true })),
      ),
    );
  });
});

describe('webhooks', () => {
  it('sends plan.generated once for each generated order, with its plan', async () => {
    const hook = await call(app, 'POST', '/api/webhooks', {
      as: 'chainAdmin',
      payload: { url: `${receiver.url}/plans`, events: ['plan.generated'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    receiver.secrets.set('/plans', hook.json().payload.secret);
    const plan = await createPlan(
      'chainAdmin',
      weekly({
        title: 'Ventilation',
        targets: { store_ids: [demoStore, otherRegionStore] },
        rule: { freq: 'weekly', interval: 1, weekdays: [1, 3] },
        lead_days: 2,
      }),
    );
    // Monday 31 May and Wednesday 2 June, for both stores; a second run the same minute adds nothing.
    await generate();
    await generate();
    const orders = await ordersOf(plan.id);
    expect(orders).toHaveLength(4);
    const mine = () =>
      receiver.received
        .filter((r) => r.path === '/plans')
        .map((r) => ({ verified: r.verified, ...JSON.parse(r.body) }))
        .filter((b) => b.data.plan_id === plan.id);
    await until(mine, (got) => got.length >= 4);
    // Nothing more comes (the worker polls every 200 ms).
    await new Promise((r) => setTimeout(r, 1000));
    const got = mine();
    expect(got).toHaveLength(4);
    expect(got.every((b) => b.verified && b.type === 'plan.generated')).toBe(true);
    expect(got.map((b) => b.data.order.id).sort()).toEqual(orders.map((o) => o.id).sort());
    expect(got.map((b) => b.data.order.store_id).sort()).toEqual(orders.map((o) => o.store_id).sort());
  });
});
