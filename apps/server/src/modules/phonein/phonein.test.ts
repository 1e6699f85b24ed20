import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, multipart } from '../../test/app.ts';
import { createPhoneInService, isOfficeHours } from './phonein.service.ts';

// A clock the tests set; the app reads it when an order is created.
let clock = new Date('2026-01-14T10:00:00Z');
const app = await createTestApp({ APP_TIMEZONE: 'Europe/Stockholm' }, { now: () => clock });

// Demo data (db/seed.ts): work types 1 electrical, 2 plumbing, 3 refrigeration, 4 ventilation; stores 1-3
// (chain 1) in Stockholm, 7 Malmö, 8 Lund and 9 Helsingborg (chain 1, no on-call lines in those two).
const DESK = '070-174 06 05';
const line = (overrides: Record<string, unknown> = {}) => ({
  city: 'Uppsala',
  work_type_id: 1,
  partner: 'Exempel El Uppsala AB',
  phone: '070-174 06 60',
  ...overrides,
});

/** Creates an order as the admin at `at` (ISO, UTC) and answers the order's `phone_in`. */
async function phoneInAt(at: string, fields: { store_id: number; worktype_id?: number; priority?: number }) {
  clock = new Date(at);
  const body = multipart({ description: 'Frysen är varm.', chain_id: 1, worktype_id: 1, priority: 10, ...fields });
  const res = await call(app, 'POST', '/api/orders', {
    as: 'admin',
    payload: body.payload,
    headers: body.headers,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.phone_in;
}

describe('GET /api/oncall-lines', () => {
  it('answers every role the lines, the service desk and the office hours, titles in the caller language', async () => {
    const res = await call(app, 'GET', '/api/oncall-lines', { as: 'store', lang: 'sv' });
    expect(res.statusCode).toBe(200);
    const { payload } = res.json();
    expect(payload.service_desk_phone).toBe(DESK);
    expect(payload.office_hours).toEqual({ days: 'mon-fri', from: '07:00', to: '17:00' });
    expect(payload.lines).toHaveLength(15);
    expect(payload.lines[0]).toMatchObject({ city: 'Göteborg', partner: 'Exempel El Väst AB' });
    const stockholm = payload.lines.filter((l: { city: string }) => l.city === 'Stockholm');
    expect(stockholm.map((l: { work_type: { title: string } }) => l.work_type.title)).toEqual(['El', 'VVS', 'Kyla']);
    expect(stockholm[0]).toMatchObject({ work_type_id: 1, phone: '070-174 06 10', partner: 'Exempel El AB' });
    for (const as of ['tech', 'director', 'chainAdmin'] as const) {
      expect((await call(app, 'GET', '/api/oncall-lines', { as })).statusCode).toBe(200);
    }
    expect((await call(app, 'GET', '/api/oncall-lines')).statusCode).toBe(401);
  });
});

describe('on-call line records', () => {
  it('lets an admin create, read, update and delete a line, answered in the caller language', async () => {
    const created = await call(app, 'POST', '/api/oncall-lines', { as: 'admin', lang: 'fi', payload: line() });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      message: 'Päivystyslinja luotiin.',
      payload: { city: 'Uppsala', work_type_id: 1, work_type: { id: 1, slug: 'electrical', title: 'Sähkö' } },
    });
    const id = created.json().payload.id;
    expect((await call(app, 'GET', `/api/oncall-lines/${id}`, { as: 'tech' })).json().payload.partner).toBe(
      'Exempel El Uppsala AB',
    );
    const updated = await call(app, 'PUT', `/api/oncall-lines/${id}`, {
      as: 'superAdmin',
      payload: line({ work_type_id: '', phone: '+46 70 174 06 61' }),
    });
    expect(updated.json()).toMatchObject({
      message: 'On-call line updated successfully.',
      payload: { work_type_id: null, work_type: null, phone: '+46 70 174 06 61' },
    });
    const removed = await call(app, 'DELETE', `/api/oncall-lines/${id}`, { as: 'admin', lang: 'sv' });
    expect(removed.json()).toEqual({ message: 'Jourlinjen har tagits bort.', payload: null });
    const gone = await call(app, 'GET', `/api/oncall-lines/${id}`, { as: 'admin' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'On-call line not found.' });
  });

  it('refuses every other role (403)', async () => {
    for (const as of ['chainAdmin', 'director', 'store', 'tech'] as const) {
      expect((await call(app, 'POST', '/api/oncall-lines', { as, payload: line() })).statusCode).toBe(403);
      expect((await call(app, 'PUT', '/api/oncall-lines/1', { as, payload: line() })).statusCode).toBe(403);
      expect((await call(app, 'DELETE', '/api/oncall-lines/1', { as })).statusCode).toBe(403);
      const desk = await call(app, 'PUT', '/api/oncall-lines/service-desk', {
        as,
        payload: { service_desk_phone: DESK },
      });
      expect(desk.statusCode).toBe(403);
    }
  });

  it('answers 422 with localized messages per field', async () => {
    const empty = await call(app, 'POST', '/api/oncall-lines', { as: 'admin', payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ city: ['is required'], partner: ['is required'], phone: ['is required'] });
    const bad = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      lang: 'sv',
      payload: line({ city: 'Upp\u0000sala', partner: 'x'.repeat(256), phone: 'call me', work_type_id: 999 }),
    });
    expect(bad.json().errors).toEqual({
      city: ['får inte innehålla styrtecken'],
      partner: ['får vara högst 255 tecken'],
      phone: ['är ogiltigt'],
    });
    const unknown = await call(app, 'POST', '/api/oncall-lines', { as: 'admin', payload: line({ work_type_id: 999 }) });
    expect(unknown.json().errors).toEqual({ work_type_id: ['does not exist'] });
    const long = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: line({ city: 'x'.repeat(101) }),
    });
    expect(long.json().errors).toEqual({ city: ['may not be longer than 100 characters'] });
  });

  it('answers 409 for a second line of the same city (any case) and work type, also on update', async () => {
    const twin = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: line({ city: ' STOCKHOLM ', work_type_id: 1 }),
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toEqual({ message: 'This city already has an on-call line for this work type.' });
    const general = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: line({ city: 'Västerås', work_type_id: null }),
    });
    expect(general.statusCode).toBe(201);
    const again = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: line({ city: 'västerås', work_type_id: '' }),
    });
    expect(again.statusCode).toBe(409);
    const other = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: line({ city: 'Västerås', work_type_id: 2 }),
    });
    const moved = await call(app, 'PUT', `/api/oncall-lines/${other.json().payload.id}`, {
      as: 'admin',
      lang: 'fi',
      payload: line({ city: 'VÄSTERÅS', work_type_id: null }),
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe('Kaupungilla on jo päivystyslinja tälle työtyypille.');
  });

  it('lets super-admin and admin set the service desk number, checked like any phone number', async () => {
    const res = await call(app, 'PUT', '/api/oncall-lines/service-desk', {
      as: 'superAdmin',
      lang: 'sv',
      payload: { service_desk_phone: ' 070-174 06 06 ' },
    });
    expect(res.json()).toEqual({
      message: 'Servicedeskens nummer har uppdaterats.',
      payload: { service_desk_phone: '070-174 06 06' },
    });
    expect((await call(app, 'GET', '/api/oncall-lines', { as: 'store' })).json().payload.service_desk_phone).toBe(
      '070-174 06 06',
    );
    const bad = await call(app, 'PUT', '/api/oncall-lines/service-desk', {
      as: 'admin',
      payload: { service_desk_phone: '' },
    });
    expect(bad.json().errors).toEqual({ service_desk_phone: ['is required'] });
    await call(app, 'PUT', '/api/oncall-lines/service-desk', { as: 'admin', payload: { service_desk_phone: DESK } });
  });
});

describe('office hours (Europe/Stockholm)', () => {
  const at = (iso: string) => isOfficeHours(new Date(iso), 'Europe/Stockholm');
  it('are Monday to Friday from 07:00 up to 17:00, winter and summer time', () => {
    // Wednesday 14 January 2026 (UTC+1).
    expect(at('2026-01-14T05:59:00Z')).toBe(false); // 06:59
    expect(at('2026-01-14T06:00:00Z')).toBe(true); // 07:00
    expect(at('2026-01-14T15:59:00Z')).toBe(true); // 16:59
    expect(at('2026-01-14T16:00:00Z')).toBe(false); // 17:00
    // Monday 15 June 2026 (UTC+2).
    expect(at('2026-06-15T04:59:00Z')).toBe(false); // 06:59
    expect(at('2026-06-15T05:00:00Z')).toBe(true); // 07:00
    // Saturday 17 and Sunday 18 January at noon; Friday 16 at 16:59, Monday 19 at 07:00.
    expect(at('2026-01-17T11:00:00Z')).toBe(false);
    expect(at('2026-01-18T11:00:00Z')).toBe(false);
    expect(at('2026-01-16T15:59:00Z')).toBe(true);
    expect(at('2026-01-19T06:00:00Z')).toBe(true);
  });

  it('take the clock the service is given', async () => {
    const closed = createPhoneInService(app.db, 'Europe/Stockholm', () => new Date('2026-01-17T11:00:00Z'));
    expect(await closed.forOrder(app.db, { storeId: 1, workTypeId: 2, priority: 10 }, 'en')).toEqual({
      after_hours: true,
      number: '070-174 06 11',
      label: 'Exempel VVS AB, on call in Stockholm',
    });
    const open = createPhoneInService(app.db, 'Europe/Stockholm', () => new Date('2026-01-14T10:00:00Z'));
    expect(await open.forOrder(app.db, { storeId: 1, workTypeId: 2, priority: 10 }, 'fi')).toEqual({
      after_hours: false,
      number: DESK,
      label: 'Palvelupiste',
    });
    expect(await open.forOrder(app.db, { storeId: 1, workTypeId: 2, priority: 20 }, 'en')).toBeUndefined();
  });
});

describe('POST /api/orders: phone_in', () => {
  it('is the service desk within office hours, 07:00 to 16:59', async () => {
    for (const at of ['2026-01-14T06:00:00Z', '2026-01-14T15:59:00Z']) {
      expect(await phoneInAt(at, { store_id: 1 })).toEqual({ after_hours: false, number: DESK, label: 'Service desk' });
    }
  });

  it("is the on-call line of the store's city and the work type outside them (06:59, 17:00, Saturday)", async () => {
    const electrical = { after_hours: true, number: '070-174 06 10', label: 'Exempel El AB, on call in Stockholm' };
    expect(await phoneInAt('2026-01-14T05:59:00Z', { store_id: 1 })).toEqual(electrical);
    expect(await phoneInAt('2026-01-14T16:00:00Z', { store_id: 2 })).toEqual(electrical);
    expect(await phoneInAt('2026-01-17T11:00:00Z', { store_id: 1, worktype_id: 3 })).toEqual({
      after_hours: true,
      number: '070-174 06 12',
      label: 'Exempel Kyl AB, on call in Stockholm',
    });
  });

  it('is said in the caller language', async () => {
    clock = new Date('2026-01-17T11:00:00Z');
    const body = multipart({ description: 'Kylan är trasig.', worktype_id: 3, priority: 10, store_id: 1 });
    const res = await call(app, 'POST', '/api/orders', { as: 'store', lang: 'sv', ...body });
    expect(res.json().payload.phone_in).toEqual({
      after_hours: true,
      number: '070-174 06 12',
      label: 'Exempel Kyl AB, jour i Stockholm',
    });
  });

  it("falls back to the city's line for every trade, then to the service desk", async () => {
    const saturday = '2026-01-17T11:00:00Z';
    // Lund (store 8) has no line: the service desk, after hours.
    expect(await phoneInAt(saturday, { store_id: 8 })).toEqual({
      after_hours: true,
      number: DESK,
      label: 'Service desk',
    });
    // A line for every trade in "lund" (any case) answers for every work type.
    const general = await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: { city: 'lund', partner: 'Exempel Jour Lund AB', phone: '070-174 06 70' },
    });
    expect(general.statusCode, general.body).toBe(201);
    const lund = { after_hours: true, number: '070-174 06 70', label: 'Exempel Jour Lund AB, on call in lund' };
    expect(await phoneInAt(saturday, { store_id: 8, worktype_id: 1 })).toEqual(lund);
    expect(await phoneInAt(saturday, { store_id: 8, worktype_id: 4 })).toEqual(lund);
    // Stockholm's own electrical line wins over a general one; ventilation (no line of its own) gets it.
    await call(app, 'POST', '/api/oncall-lines', {
      as: 'admin',
      payload: { city: 'Stockholm', partner: 'Exempel Allround AB', phone: '070-174 06 71' },
    });
    expect((await phoneInAt(saturday, { store_id: 1, worktype_id: 1 })).number).toBe('070-174 06 10');
    expect((await phoneInAt(saturday, { store_id: 1, worktype_id: 4 })).number).toBe('070-174 06 71');
  });

  it('is the service desk after hours for a store without a city', async () => {
    await app.db.execute(sql`update stores set city = null where id = 9`);
    expect(await phoneInAt('2026-01-17T11:00:00Z', { store_id: 9 })).toEqual({
      after_hours: true,
      number: DESK,
      label: 'Service desk',
    });
  });

  it('is absent for the other priorities', async () => {
    for (const priority of [20, 30]) {
      expect(await phoneInAt('2026-01-17T11:00:00Z', { store_id: 1, priority })).toBeUndefined();
      expect(await phoneInAt('2026-01-14T10:00:00Z', { store_id: 1, priority })).toBeUndefined();
    }
  });
});
