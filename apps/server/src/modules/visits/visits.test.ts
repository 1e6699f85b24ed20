import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoUser } from '../../test/app.ts';
import { techOrder as newTechOrder, DEMO_TECH as TECH } from '../../test/orders.ts';
import { sweepVisits } from './visits.service.ts';

const app = await createTestApp();

/** Demo store 1, Norrgården Södermalm (chain 1, radius 500 m by default). */
const STORE = { lat: 59.3147, lng: 18.0719 };
/** Metres per degree of latitude on the mean Earth sphere. */
const M_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const north = (metres: number) => ({ lat: STORE.lat + metres / M_PER_DEGREE, lng: STORE.lng });
const ago = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();

/** A new order in store 1, approved and assigned to the demo technician, created `createdHoursAgo`. */
async function techOrder(createdHoursAgo = 24) {
  const id = await newTechOrder(app, 'Kylen i mejeriet larmar.');
  await app.database.pool.query(`update orders set created_at = $2 where id = $1`, [id, ago(createdHoursAgo)]);
  return id;
}

const checkIn = (id: number, payload: unknown = {}, as: DemoUser = 'tech', lang?: 'en' | 'sv' | 'fi') =>
  call(app, 'POST', `/api/orders/${id}/visits/check-in`, { as, payload, lang });
const checkOut = (id: number, payload: unknown = { outcome: 'done' }, as: DemoUser = 'tech') =>
  call(app, 'POST', `/api/orders/${id}/visits/check-out`, { as, payload });
const order = async (id: number, as: DemoUser = 'store') =>
  (await call(app, 'GET', `/api/orders/${id}`, { as })).json().payload;
const visitsOf = async (id: number, as: DemoUser = 'store') =>
  (await call(app, 'GET', `/api/orders/${id}/visits`, { as })).json().payload.data;
const notificationsOf = async (who: DemoUser, orderId: number, type: string) =>
  (await call(app, 'GET', '/api/notifications', { as: who, query: { limit: 1000 } }))
    .json()
    .payload.data.filter((n: { order_id: number; type: string }) => n.order_id === orderId && n.type === type);

describe('check-in and check-out', () => {
  it('checks the technician in at the store, shows "on site since" and tells the store manager', async () => {
    const id = await techOrder();
    const res = await checkIn(id, { ...STORE, accuracy_m: 12 });
    expect(res.statusCode, res.body).toBe(201);
    const visit = res.json().payload;
    expect(res.json().message).toBe('Checked in.');
    expect(visit).toMatchObject({ order_id: id, technician: { id: TECH }, distance_m: 0, flags: [], accuracy_m: 12 });
    expect(visit.checked_out_at).toBeNull();
    const shown = await order(id);
    expect(shown.on_site_since).toBe(visit.checked_in_at);
    expect(shown.time_on_site_minutes).toBe(0);
    const told = await notificationsOf('store', id, 'visit_arrived');
    expect(told).toHaveLength(1);
    expect(told[0].title).toBe(`Order ${shown.project_number}: the technician has arrived`);
    expect(await notificationsOf('director', id, 'visit_arrived')).toHaveLength(0);
    expect((await order(id)).history.at(-1)).toMatchObject({ field: 'check_in', to: visit.checked_in_at });
    expect(await visitsOf(id, 'tech')).toEqual([visit]);
    const limited = await call(app, 'GET', `/api/orders/${id}/visits`, { as: 'tech', query: { limit: 100 } });
    expect(limited.json().payload.data).toEqual([visit]);
  });

  it('answers 409 to a second check-in while the first visit is open, and checks out with the outcome', async () => {
    const id = await techOrder();
    expect((await checkIn(id)).statusCode).toBe(201);
    const again = await checkIn(id, STORE);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already checked in on this order. Check out first.');
    const out = await checkOut(id, { outcome: 'parts', note: 'Kompressorn beställd.' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().payload).toMatchObject({ outcome: 'parts', note: 'Kompressorn beställd.', minutes: 0 });
    expect((await order(id)).on_site_since).toBeNull();
    expect((await checkOut(id)).statusCode).toBe(409);
    // A new visit after the first one closed is fine.
    expect((await checkIn(id)).statusCode).toBe(201);
    expect(await visitsOf(id)).toHaveLength(2);
  });

  it('sends the store manager the new unread count live, and the order changed to all who see it', async () => {
    const id = await techOrder();
    const last = async () =>
      (await app.database.pool.query<{ id: number }>('select coalesce(max(id), 0)::int as id from app_events')).rows[0]
        .id;
    const before = await last();
    expect((await checkIn(id, STORE)).statusCode).toBe(201);
    const unread = (await call(app, 'GET', '/api/notifications/unread-count', { as: 'store' })).json().payload.count;
    expect(unread).toBeGreaterThan(0);
    const { rows } = await app.database.pool.query(
      `select e.type, u.email, e.data from app_events e left join users u on u.id = e.user_id
      where e.id > $1 and (e.type = 'order' or u.email = $2) order by e.type desc`,
      [before, DEMO.store],
    );
    expect(rows).toEqual([
      { type: 'order', email: null, data: { id, project_number: (await order(id)).project_number, change: 'updated' } },
      { type: 'notification', email: DEMO.store, data: { unread } },
    ]);
  });

  it('lets only one of many simultaneous check-ins open a visit', async () => {
    const id = await techOrder();
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkIn(id, STORE)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toBe('You are already checked in on this order. Check out first.');
    }
    expect(await visitsOf(id)).toHaveLength(1);
  });

  it('refuses a check-in on a completed order (409), but a visit open when it was completed can check out', async () => {
    const id = await techOrder();
    expect((await checkIn(id)).statusCode).toBe(201);
    const done = await call(app, 'PUT', `/api/orders/${id}`, { as: 'tech', payload: { status: 'completed' } });
    expect(done.statusCode, done.body).toBe(200);
    expect((await checkOut(id)).statusCode).toBe(200);
    const refused = await checkIn(id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This order is completed: no more visits can be checked in.');
  });
});

describe('where the technician checked in', () => {
  it('flags a check-in beyond the radius off_site, and one just within it not', async () => {
    const id = await techOrder();
    const within = await checkIn(id, north(499));
    expect(within.json().payload).toMatchObject({ distance_m: 499, flags: [] });
    await checkOut(id);
    const beyond = await checkIn(id, north(501));
    expect(beyond.statusCode).toBe(201);
    expect(beyond.json().payload).toMatchObject({ distance_m: 501, flags: ['off_site'] });
  });

  it("uses the chain's own radius", async () => {
    await app.database.pool.query('update chains set visit_radius_m = 100 where id = 1');
    try {
      const id = await techOrder();
      expect((await checkIn(id, north(150))).json().payload.flags).toEqual(['off_site']);
    } finally {
      await app.database.pool.query('update chains set visit_radius_m = 500 where id = 1');
    }
  });

  it('accepts a check-in without a position, flagged no_position', async () => {
    const id = await techOrder();
    const res = await checkIn(id, {});
    expect(res.statusCode).toBe(201);
    expect(res.json().payload).toMatchObject({ lat: null, lng: null, distance_m: null, flags: ['no_position'] });
  });

  it('keeps the position only on the visit, and erases it when the visit is old', async () => {
    const id = await techOrder();
    const visit = (await checkIn(id, north(20))).json().payload;
    await checkOut(id);
    await app.database.pool.query(
      `update site_visits set checked_in_at = now() - interval '101 days', checked_out_at = now() - interval '100 days' where id = $1`,
      [visit.id],
    );
    const swept = await sweepVisits(app.db, new Date(), 90);
    expect(swept.erased).toBeGreaterThanOrEqual(1);
    const [kept] = await visitsOf(id);
    expect(kept).toMatchObject({ lat: null, lng: null, accuracy_m: null, distance_m: 20, flags: [] });
  });
});

describe('offline check-ins and check-outs', () => {
  it('accepts them up to 24 h late with the time they happened, flagged', async () => {
    const id = await techOrder();
    const inAt = ago(3);
    const res = await checkIn(id, { ...STORE, at: inAt });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload).toMatchObject({ checked_in_at: inAt, flags: ['late_check_in'] });
    const out = await checkOut(id, { outcome: 'done', at: ago(1) });
    expect(out.json().payload).toMatchObject({ minutes: 120, flags: ['late_check_in', 'late_check_out'] });
    expect((await order(id)).time_on_site_minutes).toBe(120);
  });

  it('refuses a time more than 24 h back, in the future, or a check-out before its check-in (422)', async () => {
    const id = await techOrder(1);
    const late = await checkIn(id, { at: ago(24.1) });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors).toEqual({
      at: ['is more than 24 hours ago: a check-in or check-out kept offline is accepted for 24 hours'],
    });
    const future = await checkIn(id, { at: ago(-0.5) }, 'tech', 'fi');
    expect(future.json().errors).toEqual({ at: ['ei voi olla tulevaisuudessa'] });
    expect(await visitsOf(id)).toHaveLength(0);
    // The order was created an hour ago: a check-in before that is refused too.
    expect((await checkIn(id, { at: ago(2) })).json().errors).toEqual({
      at: ['may not be before the order was created'],
    });
    await checkIn(id);
    const before = await checkOut(id, { outcome: 'done', at: ago(0.5) });
    expect(before.statusCode).toBe(422);
    expect(before.json().errors).toEqual({ at: ['may not be before the check-in'] });
  });

  it('merges overlapping visits into the time on site', async () => {
    const id = await techOrder();
    await checkIn(id, { at: ago(5) });
    await checkOut(id, { outcome: 'follow_up', at: ago(3) });
    await checkIn(id, { at: ago(4) });
    await checkOut(id, { outcome: 'done', at: ago(2) });
    // 5 h ago to 2 h ago: 180 minutes, not 240.
    expect((await order(id)).time_on_site_minutes).toBe(180);
    const minutes = (await visitsOf(id)).map((v: { minutes: number }) => v.minutes);
    expect(minutes).toEqual([120, 120]);
    // Each closed visit adds its call-out fee and the labour it added to the merged time (chain 1:
    // 695,00 kr an hour, 495,00 kr a call-out): 3 h of labour, not 4.
    const costs = (await call(app, 'GET', `/api/orders/${id}/costs`, { as: 'tech' })).json().payload;
    expect(costs.cost).toMatchObject({ labour: 208_500, callout: 99_000 });
    expect(costs.lines.map((l: { description: string }) => l.description)).toContain('Arbete på plats');
  });
});

describe('a visit left open', () => {
  it('is closed after 12 h exactly once, however many instances look, and the technician is told', async () => {
    const id = await techOrder();
    const inAt = ago(13);
    await checkIn(id, { at: inAt });
    await Promise.all([
      sweepVisits(app.db, new Date(), 90),
      sweepVisits(app.db, new Date(), 90),
      sweepVisits(app.db, new Date(), 90),
    ]);
    const [visit] = await visitsOf(id);
    expect(visit.checked_out_at).toBe(new Date(Date.parse(inAt) + 12 * 3600_000).toISOString());
    expect(visit.flags).toEqual(['no_position', 'late_check_in', 'auto_closed']);
    const told = await notificationsOf('tech', id, 'visit_closed');
    expect(told).toHaveLength(1);
    expect(told[0].body).toContain('left open for 12 hours');
    const history = (await order(id)).history.filter((h: { field: string }) => h.field === 'check_out');
    expect(history).toEqual([expect.objectContaining({ to: 'auto_closed', user: null })]);
    const costs = (await call(app, 'GET', `/api/orders/${id}/costs`, { as: 'tech' })).json().payload;
    expect(costs.cost).toMatchObject({ labour: 12 * 69_500, callout: 49_500 });
    const late = await checkOut(id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('closed automatically');
  });

  it('stays open for less than 12 h', async () => {
    const id = await techOrder();
    await checkIn(id, { at: ago(11.9) });
    await sweepVisits(app.db, new Date(), 90);
    expect((await visitsOf(id))[0].checked_out_at).toBeNull();
  });
});

describe('the store confirms, an admin corrects', () => {
  it("lets the store manager confirm the technician's arrival once", async () => {
    const id = await techOrder();
    const visit = (await checkIn(id, STORE)).json().payload;
    const url = `/api/orders/${id}/visits/${visit.id}/confirm`;
    const res = await call(app, 'POST', url, { as: 'store', lang: 'sv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Ankomsten är bekräftad.');
    expect(res.json().payload.confirmed_by).toMatchObject({ name: 'Maria Svensson' });
    expect((await call(app, 'POST', url, { as: 'store' })).statusCode).toBe(409);
    expect((await call(app, 'POST', url, { as: 'tech' })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/orders/${id}/visits/999999/confirm`, { as: 'store' })).statusCode).toBe(404);
  });

  it("lets an admin correct a visit's times and outcome, recorded in the order's history", async () => {
    const id = await techOrder();
    const visit = (await checkIn(id, { at: ago(13) })).json().payload;
    await sweepVisits(app.db, new Date(), 90);
    const url = `/api/orders/${id}/visits/${visit.id}`;
    const body = { checked_in_at: visit.checked_in_at, checked_out_at: ago(11), outcome: 'done' };
    expect((await call(app, 'PUT', url, { as: 'chainAdmin', payload: body })).statusCode).toBe(403);
    expect((await call(app, 'PUT', url, { as: 'tech', payload: body })).statusCode).toBe(403);
    const res = await call(app, 'PUT', url, { as: 'admin', payload: body });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ outcome: 'done', minutes: 120 });
    expect(res.json().payload.flags).toContain('corrected');
    const history = (await order(id)).history;
    expect(history.find((h: { field: string }) => h.field === 'visit')).toMatchObject({
      user: { name: 'Anders Berg' },
      to: `${visit.checked_in_at} – ${body.checked_out_at}`,
    });
    expect(history.find((h: { field: string }) => h.field === 'visit_outcome')).toMatchObject({
      from: null,
      to: 'done',
    });
    // Its labour priced again: 2 h instead of the 12 h the visit left open had charged; the call-out stays.
    const costs = (await call(app, 'GET', `/api/orders/${id}/costs`, { as: 'tech' })).json().payload;
    expect(costs.cost).toMatchObject({ labour: 2 * 69_500, callout: 49_500 });
    expect(history.find((h: { field: string }) => h.field === 'visit_labour')).toMatchObject({
      user: { name: 'Anders Berg' },
      from: '12:00',
      to: '2:00',
    });
    // The same times again change nothing and say nothing.
    expect((await call(app, 'PUT', url, { as: 'admin', payload: body })).statusCode).toBe(200);
    const again = (await order(id)).history.filter((h: { field: string }) => h.field === 'visit_labour');
    expect(again).toHaveLength(1);
    const backwards = await call(app, 'PUT', url, {
      as: 'admin',
      payload: { checked_in_at: body.checked_out_at, checked_out_at: visit.checked_in_at },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ checked_out_at: ['may not be before the check-in'] });
  });
});

describe("an admin's correction prices the order's visit labour again", () => {
  it('keeps overlapping visits counted once, and charges a visit that was open until the correction', async () => {
    const id = await techOrder();
    await checkIn(id, { at: ago(6) });
    const first = (await checkOut(id, { outcome: 'follow_up', at: ago(5) })).json().payload;
    const second = (await checkIn(id, { at: ago(3) })).json().payload;
    // The second visit closed by the admin, overlapping the first by an hour once the first is stretched.
    const close = await call(app, 'PUT', `/api/orders/${id}/visits/${second.id}`, {
      as: 'admin',
      payload: { checked_in_at: second.checked_in_at, checked_out_at: ago(1), outcome: 'done' },
    });
    expect(close.statusCode, close.body).toBe(200);
    const stretch = await call(app, 'PUT', `/api/orders/${id}/visits/${first.id}`, {
      as: 'admin',
      payload: { checked_in_at: first.checked_in_at, checked_out_at: ago(2) },
    });
    expect(stretch.statusCode, stretch.body).toBe(200);
    // 6 h ago to 1 h ago: 5 h on site, charged once; two call-outs.
    expect((await order(id)).time_on_site_minutes).toBe(300);
    const costs = (await call(app, 'GET', `/api/orders/${id}/costs`, { as: 'tech' })).json().payload;
    expect(costs.cost).toMatchObject({ labour: 5 * 69_500, callout: 2 * 49_500 });
    const labour = (await order(id)).history.filter((h: { field: string }) => h.field === 'visit_labour');
    expect(labour.map((h: { from: string; to: string }) => [h.from, h.to])).toEqual([
      ['1:00', '3:00'],
      ['3:00', '5:00'],
    ]);
  });
});

describe('roles, scope and bad input', () => {
  it('answers 401 without a token and 403 to roles other than the technician', async () => {
    const id = await techOrder();
    expect((await call(app, 'POST', `/api/orders/${id}/visits/check-in`, { payload: {} })).statusCode).toBe(401);
    for (const who of ['admin', 'store', 'chainAdmin'] as const) {
      expect((await checkIn(id, {}, who)).statusCode).toBe(403);
      expect((await checkOut(id, { outcome: 'done' }, who)).statusCode).toBe(403);
    }
  });

  it("answers 404 for another technician's order, and shows visits only to those who see the order", async () => {
    const id = await techOrder();
    expect((await checkIn(id, {}, 'tech2')).statusCode).toBe(404);
    expect((await checkOut(id, { outcome: 'done' }, 'tech2')).statusCode).toBe(404);
    await checkIn(id, STORE);
    expect((await call(app, 'GET', `/api/orders/${id}/visits`, { as: 'store2' })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/orders/${id}/visits`, { as: 'tech2' })).statusCode).toBe(404);
    const all = async (who: DemoUser) =>
      (await call(app, 'GET', '/api/visits', { as: who, query: { limit: 1000 } })).json().payload.data as {
        order_id: number;
      }[];
    expect((await all('director')).some((v) => v.order_id === id)).toBe(true);
    expect((await all('chainAdmin2')).some((v) => v.order_id === id)).toBe(false);
    expect((await all('tech2')).some((v) => v.order_id === id)).toBe(false);
    expect(
      (await call(app, 'GET', `/api/orders/${id}`, { as: 'chainAdmin' })).json().payload.on_site_since,
    ).not.toBeNull();
  });

  it('answers 422 per field with the exact message for a bad position or outcome, and writes nothing', async () => {
    const id = await techOrder();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ lat: 59.3 }, { lng: ['is required'] }],
      [{ lng: 18 }, { lat: ['is required'] }],
      [{ lat: 91, lng: 18 }, { lat: ['may not be greater than 90'] }],
      [{ lat: 'north', lng: 18 }, { lat: ['must be a number'] }],
      [{ lat: 59, lng: -181 }, { lng: ['must be at least -180'] }],
      [{ lat: 59, lng: 18, accuracy_m: -1 }, { accuracy_m: ['must be at least 0'] }],
      [{ at: '2026-02-31T10:00:00Z' }, { at: ['must be a real date between the years 2000 and 2100'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await checkIn(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual(errors);
    }
    expect((await checkIn(id, { lat: 59.3 }, 'tech', 'sv')).json().errors).toEqual({ lng: ['är obligatoriskt'] });
    expect(await visitsOf(id)).toHaveLength(0);
    await checkIn(id);
    expect((await checkOut(id, {})).json().errors).toEqual({ outcome: ['is required'] });
    expect((await checkOut(id, { outcome: 'lunch' })).json().errors).toEqual({ outcome: ['is invalid'] });
    expect((await visitsOf(id))[0].checked_out_at).toBeNull();
  });
});

describe('time on site in the dashboard and VisitsExport', () => {
  /** An order with a visit 5 h to 3 h ago and another 4 h to 2 h ago: 180 minutes merged. */
  async function visitedOrder() {
    const id = await techOrder();
    await checkIn(id, { ...north(30), at: ago(5) });
    await checkOut(id, { outcome: 'follow_up', note: '=HYPERLINK("x")', at: ago(3) });
    await checkIn(id, { at: ago(4) });
    await checkOut(id, { outcome: 'done', at: ago(2) });
    return id;
  }

  it('shows time on site per technician and per store, overlaps merged, scoped like the order list', async () => {
    const before = (await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin', query: { store_id: 1 } })).json()
      .payload.time_on_site;
    const storeMinutes = (list: { store_id: number; minutes: number }[]) =>
      list.find((s) => s.store_id === 1)?.minutes ?? 0;
    await visitedOrder();
    const res = await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin', query: { store_id: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().payload.time_on_site;
    expect(storeMinutes(after.by_store) - storeMinutes(before.by_store)).toBe(180);
    expect(after.by_technician[0]).toMatchObject({ technician_id: TECH, name: 'Mikko Virtanen' });
    const other = (await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin2' })).json().payload.time_on_site;
    expect(other.by_store.some((s: { store_id: number }) => s.store_id === 1)).toBe(false);
  });

  it("exports the visits in scope with their times, outcome, flags and confirmation, in the reader's language", async () => {
    const id = await visitedOrder();
    const { project_number } = await order(id);
    const rowsOf = async (who: DemoUser, lang: 'en' | 'sv' = 'en') => {
      const token = (await call(app, 'POST', '/api/auth/download-token', { as: who })).json().payload.token;
      const res = await app.inject({
        method: 'GET',
        url: '/api/export',
        query: { type: 'VisitsExport', format: 'csv', order_id: String(id), access_token: token },
        headers: { lang },
      });
      return { status: res.statusCode, rows: res.statusCode === 200 ? (parse(res.body.slice(1)) as string[][]) : [] };
    };
    const { status, rows } = await rowsOf('director', 'sv');
    expect(status).toBe(200);
    expect(rows[0].slice(0, 7)).toEqual([
      'ID',
      'Projektnummer',
      'Butik',
      'Tekniker',
      'Incheckad',
      'Utcheckad',
      'Minuter på plats',
    ]);
    expect(rows).toHaveLength(3);
    const first = rows.find((r) => r[8] === 'Behöver återbesök') as string[];
    expect(first.slice(1, 4)).toEqual([String(project_number), 'Norrgården Södermalm', 'Mikko Virtanen']);
    expect(first[6]).toBe('120');
    expect(first[7]).toBe('30');
    expect(first[9]).toBe('Incheckningen skickades senare, Utcheckningen skickades senare');
    expect(first[11]).toBe('\'=HYPERLINK("x")');
    expect((await rowsOf('chainAdmin2')).rows).toHaveLength(1);
    expect((await rowsOf('tech')).status).toBe(403);
  });
});
