import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart, tokenFor } from '../../test/app.ts';
import { files } from '../../test/files.ts';
import { pdfText } from '../../test/pdf.ts';

const app = await createTestApp();

// Demo data (db/seed.ts): chain 1 Norrgården (regions 1-3; stores 1-3 in region 1 Stockholm),
// chain 2 Kotimarket (no regions; stores 10-13), chain 3 Fjällbo. store@ has store 1, director@
// region 1, chainadmin@ chain 1, store2@ store 10. Users: tech@ = 6, tech2@ = 7.
const TECH = 6;
const TECH2 = 7;

type Fields = Record<string, string | number>;
type File = { field?: string; name: string; data: Buffer; type?: string };

async function createOrder(as: DemoUser, fields: Fields, attachments: File[] = []) {
  const body = multipart(
    fields,
    attachments.map((f) => ({ field: f.field ?? 'documents[]', name: f.name, data: f.data, type: f.type })),
  );
  return call(app, 'POST', '/api/orders', { as, payload: body.payload, headers: body.headers });
}

const base = { description: 'Kyldisken läcker vatten på golvet.', worktype_id: 3, priority: 20 };
const countRows = async (table: string) => {
  const { rows } = await app.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return rows[0].n;
};
const filesDir = () => path.join(app.appConfig.DATA_DIR, 'files');
const countFiles = () =>
  fs.existsSync(filesDir())
    ? (fs.readdirSync(filesDir(), { recursive: true }) as string[]).filter((f) => /\.\w+$/.test(f)).length
    : 0;

async function newOrder(fields: Fields = {}, as: DemoUser = 'store') {
  const res = await createOrder(as, { ...base, store_id: 1, ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; project_number: number };
}

describe('creating an order', () => {
  it('lets a store manager create an order with a photo for their own store, starting pending', async () => {
    const res = await createOrder('store', { ...base, store_id: 1 }, [
      { name: 'läckage.png', data: files.png(), type: 'image/png' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { id, project_number } = res.json().payload;
    expect(res.json().message).toBe('Order created successfully.');
    const detail = (await call(app, 'GET', `/api/orders/${id}`, { as: 'store' })).json().payload;
    expect(detail).toMatchObject({
      project_number,
      status: 'pending',
      approval_status: 'pending',
      store_id: 1,
      chain_id: 1,
      region_id: 1,
      orderer: { name: 'Maria Svensson' },
      overdue: false,
    });
    expect(detail.documents).toHaveLength(1);
    expect(detail.documents[0]).toMatchObject({ name: 'läckage.png', mime_type: 'image/png' });
    const due = new Date(detail.due_at).getTime() - new Date(detail.created_at).getTime();
    expect(Math.round(due / 3600_000)).toBe(14 * 24);
  });

  it('accepts every allowed type: docx, png, jpg, jpeg, webp, pdf', async () => {
    const res = await createOrder('store', { ...base, store_id: 1 }, [
      { name: 'a.docx', data: files.docx() },
      { name: 'b.png', data: files.png() },
      { name: 'c.jpg', data: files.jpg() },
      { name: 'd.JPEG', data: files.jpg() },
      { name: 'e.webp', data: files.webp() },
      { name: 'f.pdf', data: files.pdf() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const detail = (await call(app, 'GET', `/api/orders/${res.json().payload.id}`, { as: 'store' })).json().payload;
    expect(detail.documents.map((d: { mime_type: string }) => d.mime_type)).toEqual([
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'image/png',
      'image/jpeg',
      'image/jpeg',
      'image/webp',
      'application/pdf',
    ]);
  });

  it('answers 422 with the message per field when required fields are missing', async () => {
    const res = await createOrder('superAdmin', {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      description: ['is required'],
      worktype_id: ['is required'],
      priority: ['is required'],
    });
  });

  it('asks each role for the fields of its form (spec 5)', async () => {
    const admin = await createOrder('admin', base);
    expect(admin.statusCode).toBe(422);
    expect(admin.json().errors).toEqual({ chain_id: ['is required'], store_id: ['is required'] });
    const chainAdmin = await createOrder('chainAdmin', base);
    expect(chainAdmin.json().errors).toEqual({ approval_status: ['is required'], store_id: ['is required'] });
    const director = await createOrder('director', base);
    expect(director.json().errors).toEqual({
      chain_id: ['is required'],
      approval_status: ['is required'],
      store_id: ['is required'],
    });
  });

  it('answers in Swedish and Finnish', async () => {
    const body = multipart({});
    const sv = await call(app, 'POST', '/api/orders', { as: 'admin', lang: 'sv', ...body });
    expect(sv.json().errors.description).toEqual(['är obligatoriskt']);
    const fi = await call(app, 'POST', '/api/orders', { as: 'admin', lang: 'fi', ...body });
    expect(fi.json().errors.description).toEqual(['pakollinen tieto']);
  });

  it('refuses an unknown priority and work type, and a too long description', async () => {
    const res = await createOrder('store', { ...base, store_id: 1, priority: 15, description: 'x'.repeat(5001) });
    expect(res.json().errors).toMatchObject({
      priority: ['is invalid'],
      description: ['may not be longer than 5000 characters'],
    });
    const wt = await createOrder('store', { ...base, store_id: 1, worktype_id: 999 });
    expect(wt.json().errors).toEqual({ worktype_id: ['does not exist'] });
  });

  it("refuses a store outside the caller's scope, and a store of another chain", async () => {
    expect((await createOrder('store', { ...base, store_id: 2 })).json().errors).toEqual({
      store_id: ['does not exist'],
    });
    expect(
      (await createOrder('chainAdmin', { ...base, store_id: 10, approval_status: 'approved' })).json().errors,
    ).toEqual({ store_id: ['does not exist'] });
    expect(
      (await createOrder('director', { ...base, chain_id: 1, store_id: 4, approval_status: 'approved' })).json().errors,
    ).toEqual({ store_id: ['does not exist'] });
    expect((await createOrder('admin', { ...base, chain_id: 2, store_id: 1 })).json().errors).toEqual({
      store_id: ['is invalid'],
    });
  });

  it('lets a chain admin and a regional director set the approval status, a store manager not (403)', async () => {
    const ca = await createOrder('chainAdmin', { ...base, store_id: 2, approval_status: 'approved', region_id: 1 });
    expect(ca.statusCode, ca.body).toBe(201);
    const detail = (await call(app, 'GET', `/api/orders/${ca.json().payload.id}`, { as: 'chainAdmin' })).json().payload;
    expect(detail.approval_status).toBe('approved');
    expect(detail.approval_status_date).not.toBeNull();
    const rd = await createOrder('director', { ...base, chain_id: 1, store_id: 3, approval_status: 'rejected' });
    expect(rd.statusCode, rd.body).toBe(201);
    expect((await createOrder('store', { ...base, store_id: 1, approval_status: 'approved' })).statusCode).toBe(403);
  });

  it('refuses a technician (403) and answers 401 without a token', async () => {
    expect((await createOrder('tech', { ...base, store_id: 1 })).statusCode).toBe(403);
    expect((await call(app, 'POST', '/api/orders', multipart(base))).statusCode).toBe(401);
  });

  it('refuses a spoofed file: a script or HTML named .png, a PNG named .pdf, a GIF', async () => {
    const before = [await countRows('orders'), countFiles()];
    for (const file of [
      { name: 'photo.png', data: files.script() },
      { name: 'photo.png', data: files.html() },
      { name: 'report.pdf', data: files.png() },
      { name: 'anim.gif', data: files.gif() },
      { name: 'empty.png', data: Buffer.alloc(0) },
    ]) {
      const res = await createOrder('store', { ...base, store_id: 1 }, [{ name: 'ok.png', data: files.png() }, file]);
      expect(res.statusCode, file.name).toBe(422);
      expect(res.json().errors.documents).toEqual(['must be a file of type: docx, png, jpg, jpeg, webp, pdf']);
    }
    expect([await countRows('orders'), countFiles()]).toEqual(before);
  });

  it('refuses more than 10 files', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, data: files.png() }));
    const res = await createOrder('store', { ...base, store_id: 1 }, eleven);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.documents).toEqual(['may not have more than 10 files']);
    const ten = await createOrder('store', { ...base, store_id: 1 }, eleven.slice(1));
    expect(ten.statusCode).toBe(201);
  });

  it('leaves no file and no row behind when the database refuses the write', async () => {
    await app.db.execute(sql`create or replace function wop_test_fail() returns trigger language plpgsql as $$
      begin if new.name = 'fail.png' then raise exception 'refused by test'; end if; return new; end $$`);
    await app.db.execute(sql`create trigger wop_test_fail before insert on order_documents
      for each row execute function wop_test_fail()`);
    try {
      const before = [await countRows('orders'), await countRows('order_documents'), countFiles()];
      const res = await createOrder('store', { ...base, store_id: 1 }, [
        { name: 'ok.png', data: files.png() },
        { name: 'fail.png', data: files.png() },
      ]);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Server Error' });
      const upload = multipart({}, [
        { field: 'documents[]', name: 'ok.png', data: files.png() },
        { field: 'documents[]', name: 'fail.png', data: files.png() },
      ]);
      expect((await call(app, 'POST', '/api/orders/1/upload', { as: 'store', ...upload })).statusCode).toBe(500);
      expect([await countRows('orders'), await countRows('order_documents'), countFiles()]).toEqual(before);
    } finally {
      await app.db.execute(sql`drop trigger wop_test_fail on order_documents`);
    }
  });

  it('gives concurrent creates distinct, increasing project numbers, and never reuses one', async () => {
    const preview = (await call(app, 'GET', '/api/orders/projectnumber', { as: 'store' })).json().payload
      .project_number;
    // A preview does not take the number.
    expect((await call(app, 'GET', '/api/orders/projectnumber', { as: 'store' })).json().payload.project_number).toBe(
      preview,
    );
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createOrder(i % 2 ? 'store' : 'admin', { ...base, chain_id: 1, store_id: 1 }),
      ),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => r.json().payload.project_number as number).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(12);
    expect(numbers[0]).toBe(preview);
    // A failed create (here: a rolled-back insert) does not hand its number out again.
    await app.db.execute(sql`select nextval('order_project_number_seq')`);
    const next = await newOrder();
    expect(next.project_number).toBeGreaterThan(numbers[11] + 1);
  });
});

describe('the order list', () => {
  const list = (as: DemoUser, query: Record<string, string | number> = {}, lang?: 'en' | 'sv' | 'fi') =>
    call(app, 'GET', '/api/orders', { as, query, lang });

  it('shows each role only the orders of its scope', async () => {
    const all = (await list('admin', { limit: 1000 })).json().payload;
    const store = (await list('store', { limit: 1000 })).json().payload;
    const director = (await list('director', { limit: 1000 })).json().payload;
    const chainAdmin = (await list('chainAdmin', { limit: 1000 })).json().payload;
    const tech = (await list('tech', { limit: 1000 })).json().payload;
    expect(store.data.every((o: { store_id: number }) => o.store_id === 1)).toBe(true);
    expect(director.data.every((o: { region_id: number }) => o.region_id === 1)).toBe(true);
    expect(chainAdmin.data.every((o: { chain_id: number }) => o.chain_id === 1)).toBe(true);
    expect(tech.data.every((o: { technician_id: number }) => o.technician_id === TECH)).toBe(true);
    expect(store.total).toBeGreaterThan(0);
    expect(tech.total).toBeGreaterThan(0);
    expect(all.total).toBeGreaterThan(chainAdmin.total);
    expect(chainAdmin.total).toBeGreaterThan(director.total);
    expect(director.total).toBeGreaterThan(store.total);
    // Asking for another chain does not widen the scope.
    expect((await list('chainAdmin', { chain_id: 2 })).json().payload.total).toBe(0);
  });

  it('sorts by project number, newest first, by default, with the page fields of the contract', async () => {
    const page = (await list('admin', { limit: 5 })).json().payload;
    expect(page).toMatchObject({ current_page: 1, per_page: 5 });
    const numbers = page.data.map((o: { project_number: number }) => o.project_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(page.last_page).toBe(Math.ceil(page.total / 5));
    const row = page.data[0];
    for (const key of ['due_at', 'overdue', 'unread_count', 'status_label', 'priority_label', 'worktype_label'])
      expect(row).toHaveProperty(key);
  });

  it('sorts by due time and by any allowed column, and refuses an unknown one', async () => {
    const asc = (await list('admin', { sort_by: 'due_at', sort_order: 'asc', limit: 50 })).json().payload.data;
    const due = asc.map((o: { due_at: string }) => o.due_at);
    expect(due).toEqual([...due].sort());
    for (const sort of ['status', 'store_name', 'priority', 'planned_at', 'created_at', 'approval_status'])
      expect((await list('admin', { sort_by: sort })).statusCode).toBe(200);
    const bad = await list('admin', { sort_by: 'password' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sort_by: ['cannot be sorted by this column'] });
  });

  it('filters by chain, region, store, work type, status and approval status', async () => {
    const check = async (query: Record<string, string | number>, test: (o: Record<string, unknown>) => boolean) => {
      const page = (await list('admin', { ...query, limit: 1000 })).json().payload;
      expect(page.total, JSON.stringify(query)).toBeGreaterThan(0);
      expect(page.data.every(test), JSON.stringify(query)).toBe(true);
    };
    await check({ chain_id: 2 }, (o) => o.chain_id === 2);
    await check({ region_id: 1 }, (o) => o.region_id === 1);
    await check({ store_id: 2 }, (o) => o.store_id === 2);
    await check({ worktype_id: 3 }, (o) => o.worktype_id === 3);
    await check({ status: 'completed' }, (o) => o.status === 'completed');
    await check({ status: '2' }, (o) => o.status === 'planned');
    await check({ approval_status: 'rejected' }, (o) => o.approval_status === 'rejected');
    await check({ chain_id: 1, status: 'pending', approval_status: 'pending' }, (o) => o.chain_id === 1);
    expect((await list('admin', { approval_status: 'maybe' })).json().errors).toEqual({
      approval_status: ['is invalid'],
    });
  });

  it("filters by technician, by no technician and by orders awaiting the store's sign-off", async () => {
    const all = async (query: Record<string, string | number>, as: DemoUser = 'admin') => {
      const page = (await list(as, { ...query, limit: 1000 })).json().payload;
      expect(page.data.length, JSON.stringify(query)).toBe(page.total);
      return page.data as { id: number; technician_id: number | null; status: string; confirmed_at: string | null }[];
    };
    const mine = await all({ technician_id: TECH });
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((o) => o.technician_id === TECH)).toBe(true);
    const nobody = await all({ unassigned: 'true' });
    expect(nobody.length).toBeGreaterThan(0);
    expect(nobody.every((o) => o.technician_id === null)).toBe(true);
    const assigned = await all({ unassigned: 'false' });
    expect(assigned.length + nobody.length).toBe((await all({})).length);
    expect(await all({ technician_id: TECH, unassigned: 'true' })).toEqual([]);

    const { id: completed } = await newOrder();
    await call(app, 'PUT', `/api/orders/${completed}`, { as: 'admin', payload: { status: 'completed' } });
    const waiting = await all({ awaiting_sign_off: 'true' }, 'store');
    expect(waiting.map((o) => o.id)).toContain(completed);
    expect(waiting.every((o) => o.status === 'completed' && o.confirmed_at === null)).toBe(true);
    await call(app, 'POST', `/api/orders/${completed}/confirm`, { as: 'store', payload: { fixed: true } });
    const after = await all({ awaiting_sign_off: 'true' }, 'store');
    expect(after.map((o) => o.id)).not.toContain(completed);
    expect((await list('admin', { unassigned: 'maybe' })).json().errors).toEqual({
      unassigned: ['must be yes or no'],
    });
  });

  it('filters by a creation date range in the app time zone, both ends inclusive', async () => {
    const { rows } = await app.db.execute<{ id: number; local: string }>(sql`
      select id, to_char(created_at at time zone 'Europe/Stockholm', 'DD-MM-YYYY HH24:MI:SS') as local
      from orders order by id limit 1`);
    const { id, local } = rows[0];
    const exact = (await list('admin', { date_range: `${local}|${local}` })).json().payload;
    expect(exact.data.map((o: { id: number }) => o.id)).toContain(id);
    const day = local.slice(0, 10);
    const wide = (await list('admin', { date_range: `${day} 00:00:00|${day} 23:59:59` })).json().payload;
    expect(wide.data.map((o: { id: number }) => o.id)).toContain(id);
    const none = (await list('admin', { date_range: '01-01-2001 00:00:00|31-12-2001 23:59:59' })).json().payload;
    expect(none.total).toBe(0);
    for (const bad of [
      '2026-01-01|2026-02-01',
      '31-02-2026 00:00:00|01-03-2026 00:00:00',
      '02-01-2026 00:00:00|01-01-2026 00:00:00',
    ]) {
      const res = await list('admin', { date_range: bad });
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors.date_range).toEqual(['must be two dates: DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss']);
    }
  });

  it('searches by project number, description and store name', async () => {
    const { project_number } = await newOrder({ description: 'Rulltrappan gnisslar förfärligt' });
    const byNumber = (await list('store', { q: project_number })).json().payload;
    expect(byNumber.data[0].project_number).toBe(project_number);
    const byText = (await list('store', { q: 'gnisslar förfärl' })).json().payload;
    expect(byText.data.map((o: { project_number: number }) => o.project_number)).toEqual([project_number]);
    const byStore = (await list('admin', { q: 'Kotimarket Oulu', limit: 100 })).json().payload;
    expect(byStore.total).toBeGreaterThan(0);
    expect(byStore.data.every((o: { store: { store_name: string } }) => o.store.store_name === 'Kotimarket Oulu')).toBe(
      true,
    );
    expect((await list('admin', { q: '100%_' })).statusCode).toBe(200);
  });

  it('shows overdue orders and filters them', async () => {
    const overdue = (await list('admin', { overdue: 'true', limit: 1000 })).json().payload;
    expect(overdue.total).toBeGreaterThan(0);
    expect(
      overdue.data.every(
        (o: { overdue: boolean; status: string; due_at: string }) =>
          o.overdue && o.status !== 'completed' && new Date(o.due_at) < new Date(),
      ),
    ).toBe(true);
    const onTime = (await list('admin', { overdue: 'false', limit: 1000 })).json().payload;
    expect(onTime.data.every((o: { overdue: boolean }) => !o.overdue)).toBe(true);
    const all = (await list('admin', { limit: 1 })).json().payload.total;
    expect(overdue.total + onTime.total).toBe(all);
  });

  it('counts unread chat messages per row for the caller, in the same answer', async () => {
    const { id } = await newOrder();
    await app.db.execute(sql`insert into chat_messages (order_id, sender_id, body) values
      (${id}, 3, 'Vi tittar på det'), (${id}, 3, 'Tekniker bokad'), (${id}, 5, 'Tack!')`);
    const row = async (as: DemoUser) =>
      (
        await list(as, {
          q: String((await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).json().payload.project_number),
        })
      )
        .json()
        .payload.data.find((o: { id: number }) => o.id === id);
    // The store manager (user 5) wrote one of them: two are unread for them, three for the admin.
    expect((await row('store')).unread_count).toBe(2);
    expect((await row('admin')).unread_count).toBe(3);
    const { rows } = await app.db.execute<{ id: number }>(
      sql`select max(id)::int as id from chat_messages where order_id = ${id}`,
    );
    await app.db.execute(
      sql`insert into chat_seen (user_id, order_id, last_seen_message_id) values (2, ${id}, ${rows[0].id})`,
    );
    expect((await row('admin')).unread_count).toBe(0);
  });

  it('labels work types, priorities and statuses in the caller language', async () => {
    const sv = (await list('admin', { worktype_id: 3, status: 'completed', limit: 1 }, 'sv')).json().payload.data[0];
    expect(sv).toMatchObject({ worktype_label: 'Kyla', status_label: 'Slutförd' });
    const fi = (await list('admin', { worktype_id: 3, status: 'completed', limit: 1 }, 'fi')).json().payload.data[0];
    expect(fi).toMatchObject({ worktype_label: 'Kylmälaitteet', status_label: 'Valmis' });
  });
});

describe('the order detail', () => {
  it('answers 404 for an order outside the scope, and for a malformed id', async () => {
    // Order 13 is in a Kotimarket store and assigned to tech2.
    for (const who of ['store', 'director', 'chainAdmin', 'tech', 'store2'] as DemoUser[]) {
      const res = await call(app, 'GET', '/api/orders/13', { as: who });
      if (who === 'store2') continue;
      expect(res.statusCode, who).toBe(404);
      expect(res.json()).toEqual({ message: 'Order not found.' });
    }
    expect((await call(app, 'GET', '/api/orders/13', { as: 'chainAdmin2' })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/orders/13', { as: 'tech2' })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/orders/abc', { as: 'admin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/orders/1234567890', { as: 'admin' })).statusCode).toBe(404);
  });

  it('answers the priority map in the caller language', async () => {
    const en = (await call(app, 'GET', '/api/orders/priority', { as: 'store' })).json().payload.priorities;
    expect(Object.keys(en)).toEqual(['10', '20', '30']);
    expect(en['20']).toBe('Within 2 weeks');
    const sv = (await call(app, 'GET', '/api/orders/priority', { as: 'store', lang: 'sv' })).json().payload.priorities;
    expect(sv['30']).toBe('Inom 2 månader');
  });

  it('offers the chains, regions and stores of the caller scope for the form, and technicians to admins', async () => {
    const store = (await call(app, 'GET', '/api/orders/options', { as: 'store' })).json().payload;
    expect(store.stores.map((s: { id: number }) => s.id)).toEqual([1]);
    expect(store.technicians).toEqual([]);
    const ca = (await call(app, 'GET', '/api/orders/options', { as: 'chainAdmin', query: { region_id: 1 } })).json()
      .payload;
    expect(ca.chains).toEqual([{ id: 1, chain_name: 'Norrgården Livs', has_region: true }]);
    expect(ca.regions.map((r: { id: number }) => r.id)).toEqual(
      [2, 1, 3].sort((a, b) => a - b).length ? expect.any(Array) : [],
    );
    expect(ca.stores.every((s: { region_id: number }) => s.region_id === 1)).toBe(true);
    const admin = (await call(app, 'GET', '/api/orders/options', { as: 'admin', query: { chain_id: 2 } })).json()
      .payload;
    expect(admin.stores.every((s: { chain_id: number }) => s.chain_id === 2)).toBe(true);
    expect(admin.technicians.map((t: { id: number }) => t.id).sort()).toEqual([TECH, TECH2]);
  });
});

describe('editing an order', () => {
  const put = (as: DemoUser, id: number, payload: Record<string, unknown>, lang?: 'en' | 'sv' | 'fi') =>
    call(app, 'PUT', `/api/orders/${id}`, { as, payload, lang });

  it('lets each role set only its fields: others are 403 (spec 6)', async () => {
    const { id } = await newOrder();
    await put('admin', id, { technician_id: TECH });
    const matrix: [DemoUser, Record<string, unknown>, number][] = [
      ['store', { status: 'planned' }, 403],
      ['store', { priority: 10 }, 403],
      ['tech', { priority: 10 }, 403],
      ['tech', { approval_status: 'approved' }, 403],
      ['tech', { technician_id: TECH2 }, 403],
      ['tech', { status: 'confirmed' }, 200],
      ['tech', { status: 'planned', planned_at: '2030-01-02T08:00:00Z' }, 200],
      ['director', { planned_at: '2030-01-02T08:00:00Z' }, 403],
      ['director', { technician_id: TECH }, 403],
      ['director', { priority: 10, approval_status: 'approved', status: 'confirmed' }, 200],
      ['chainAdmin', { technician_id: TECH }, 403],
      ['chainAdmin', { priority: 30, approval_status: 'rejected' }, 200],
      ['chainAdmin', { approval_status: 'approved' }, 200],
      ['chainAdmin', { status: 'completed', completed_at: '2030-01-03T10:00:00Z' }, 200],
      ['admin', { technician_id: TECH, priority: 20 }, 200],
      ['superAdmin', { approval_status: 'approved', technician_id: TECH }, 200],
    ];
    for (const [who, body, status] of matrix) {
      const res = await put(who, id, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)} ${res.body}`).toBe(status);
      if (status === 403) expect(res.json()).toEqual({ message: 'Forbidden action.' });
    }
    // A role that may not set a field gets 403 even for a malformed value.
    expect((await put('tech', id, { priority: 'soon' })).statusCode).toBe(403);
  });

  it('refuses a delete by a store manager or a technician, and an edit by a store manager', async () => {
    const { id } = await newOrder();
    expect((await call(app, 'DELETE', `/api/orders/${id}`, { as: 'store' })).statusCode).toBe(403);
    expect((await call(app, 'DELETE', `/api/orders/${id}`, { as: 'tech' })).statusCode).toBe(403);
    expect((await put('store', id, {})).statusCode).toBe(403);
  });

  it('answers 404 for an edit, delete, upload, PDF or download outside the scope', async () => {
    const body = multipart({}, [{ field: 'documents[]', name: 'a.png', data: files.png() }]);
    for (const who of ['director', 'chainAdmin', 'tech'] as DemoUser[]) {
      expect((await put(who, 13, { status: 'confirmed' })).statusCode, who).toBe(404);
    }
    for (const who of ['director', 'chainAdmin'] as DemoUser[]) {
      expect((await call(app, 'DELETE', '/api/orders/13', { as: who })).statusCode, who).toBe(404);
    }
    const { rows } = await app.db.execute<{ id: number }>(
      sql`select id from order_documents where order_id = 13 limit 1`,
    );
    const docId = rows[0]?.id ?? 1;
    for (const who of ['store', 'director', 'chainAdmin', 'tech'] as DemoUser[]) {
      expect((await call(app, 'POST', '/api/orders/13/upload', { as: who, ...body })).statusCode, who).toBe(404);
      expect((await call(app, 'GET', '/api/orders/generatePdf/13', { as: who })).statusCode, who).toBe(404);
      expect((await call(app, 'GET', `/api/orders/13/documents/${docId}`, { as: who })).statusCode, who).toBe(404);
    }
    // The order is still there.
    expect((await call(app, 'GET', '/api/orders/13', { as: 'admin' })).statusCode).toBe(200);
  });

  it('resets the status to pending when the technician changes, unless a status comes with it', async () => {
    const { id } = await newOrder();
    await put('admin', id, { technician_id: TECH, status: 'planned', planned_at: '2030-05-01T07:00:00Z' });
    let order = (await put('admin', id, { status: 'planned', planned_at: '2030-05-01T07:00:00Z' })).json().payload;
    expect(order).toMatchObject({ status: 'planned', technician_id: TECH, planned_at: '2030-05-01T07:00:00.000Z' });
    order = (await put('admin', id, { technician_id: TECH2 })).json().payload;
    expect(order).toMatchObject({
      status: 'pending',
      technician_id: TECH2,
      technician_name: 'Lars Holm',
      planned_at: null,
    });
    order = (
      await put('admin', id, { technician_id: TECH, status: 'planned', planned_at: '2030-06-01T07:00:00Z' })
    ).json().payload;
    expect(order).toMatchObject({ status: 'planned', technician_id: TECH, planned_at: '2030-06-01T07:00:00.000Z' });
    order = (await put('admin', id, { technician_id: TECH2, status: 'confirmed' })).json().payload;
    expect(order).toMatchObject({ status: 'confirmed', technician_id: TECH2 });
    order = (await put('admin', id, { technician_id: null })).json().payload;
    expect(order).toMatchObject({ technician_id: null, status: 'pending' });
  });

  it('keeps a completed order completed: the same technician is no change, another one needs a new status (409)', async () => {
    const { id } = await newOrder();
    const completedAt = '2030-03-03T10:00:00.000Z';
    const done = (
      await put('admin', id, { technician_id: TECH, status: 'completed', completed_at: completedAt })
    ).json().payload;
    expect(done).toMatchObject({ status: 'completed', technician_id: TECH, completed_at: completedAt });

    const same = await put('admin', id, { technician_id: TECH });
    expect(same.statusCode).toBe(200);
    expect(same.json().payload).toMatchObject({
      status: 'completed',
      completed_at: completedAt,
      version: done.version,
    });

    for (const body of [
      { technician_id: null },
      { technician_id: TECH2 },
      { technician_id: TECH2, status: 'completed' },
    ]) {
      const res = await put('admin', id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json()).toEqual({
        message: 'This order is completed. Choose a new status to reopen it before changing the technician.',
      });
    }
    expect((await put('admin', id, { technician_id: null }, 'sv')).json().message).toBe(
      'Ordern är slutförd. Välj en ny status för att öppna den igen innan du byter tekniker.',
    );
    expect((await put('admin', id, { technician_id: null }, 'fi')).json().message).toBe(
      'Tilaus on valmis. Valitse uusi tila avataksesi sen uudelleen ennen kuin vaihdat teknikon.',
    );
    const unchanged = (await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).json().payload;
    expect(unchanged).toMatchObject({ status: 'completed', technician_id: TECH, completed_at: completedAt });
    expect(unchanged.version).toBe(done.version);

    // Re-opening is a deliberate act: a new status with the new technician.
    const reopened = await put('admin', id, { technician_id: TECH2, status: 'revisit-required' });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().payload).toMatchObject({
      status: 'revisit-required',
      technician_id: TECH2,
      completed_at: null,
    });
  });

  it('keeps planned_at only for planned and revisit-required, completed_at only for completed', async () => {
    const { id } = await newOrder();
    let order = (await put('admin', id, { status: 'planned', planned_at: '2030-02-01 09:30' })).json().payload;
    expect(order.planned_at).toBe(new Date('2030-02-01T09:30').toISOString());
    order = (await put('admin', id, { status: 'revisit-required' })).json().payload;
    expect(order.planned_at).not.toBeNull();
    order = (await put('admin', id, { status: 'completed', completed_at: '2030-02-02T12:00:00+01:00' })).json().payload;
    expect(order).toMatchObject({ planned_at: null, completed_at: '2030-02-02T11:00:00.000Z', overdue: false });
    order = (
      await put('admin', id, {
        status: 'confirmed',
        completed_at: '2030-02-02T12:00:00Z',
        planned_at: '2030-02-02T12:00:00Z',
      })
    ).json().payload;
    expect(order).toMatchObject({ status: 'confirmed', planned_at: null, completed_at: null });
    order = (await put('admin', id, { status: 'completed' })).json().payload;
    expect(order.completed_at).not.toBeNull();
  });

  it('moves the due time with the priority', async () => {
    const { id } = await newOrder({ priority: 30 });
    const created = (await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).json().payload;
    const hours = (o: { due_at: string; created_at: string }) =>
      Math.round((new Date(o.due_at).getTime() - new Date(o.created_at).getTime()) / 3600_000);
    expect(hours(created)).toBe(60 * 24);
    const urgent = (await put('chainAdmin', id, { priority: 10 })).json().payload;
    expect(hours(urgent)).toBe(48);
    // Overdue: push the creation back so the 48 hours have passed.
    await app.db.execute(sql`update orders set created_at = now() - interval '3 days' where id = ${id}`);
    const late = (await put('chainAdmin', id, { priority: 20 })).json().payload;
    expect(late.overdue).toBe(false);
    const later = (await put('chainAdmin', id, { priority: 10 })).json().payload;
    expect(later.overdue).toBe(true);
  });

  it('answers 422 per field for an unknown status, technician, bad date or priority', async () => {
    const { id } = await newOrder();
    const res = await put('admin', id, { status: 'teleported', technician_id: 3 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ status: ['does not exist'], technician_id: ['does not exist'] });
    const dates = await put('admin', id, { planned_at: 'tomorrow', priority: 40, approval_status: 'maybe' });
    expect(dates.json().errors).toEqual({
      planned_at: ['must be a real date between the years 2000 and 2100'],
      priority: ['is invalid'],
      approval_status: ['is invalid'],
    });
    const sv = await put('admin', id, { planned_at: '2030-13-45' }, 'sv');
    expect(sv.json().errors).toEqual({ planned_at: ['måste vara ett verkligt datum mellan åren 2000 och 2100'] });
    for (const planned_at of ['2030-02-31', '0000-01-01', '2101-01-01T00:00:00Z', '2030-01-01T25:61:00Z']) {
      expect((await put('admin', id, { planned_at })).json().errors, planned_at).toEqual({
        planned_at: ['must be a real date between the years 2000 and 2100'],
      });
    }
  });

  it('records every change as history: who, when, from what to what, oldest first, in the caller language', async () => {
    const { id, project_number } = await newOrder();
    await put('chainAdmin', id, { approval_status: 'approved', priority: 10 });
    await put('admin', id, { technician_id: TECH });
    await put('tech', id, { status: 'planned', planned_at: '2030-03-01T08:00:00Z' });
    const upload = multipart({}, [{ field: 'documents[]', name: 'efter.jpg', data: files.jpg() }]);
    await call(app, 'POST', `/api/orders/${id}/upload`, { as: 'tech', ...upload });
    await put('tech', id, { status: 'completed', completed_at: '2030-03-01T12:00:00Z' });
    const detail = (await call(app, 'GET', `/api/orders/${id}`, { as: 'admin', lang: 'sv' })).json().payload;
    const history = detail.history.map((h: Record<string, unknown>) => [
      h.field,
      h.from,
      h.to,
      (h.user as { name: string }).name,
    ]);
    expect(history).toEqual([
      ['created', null, String(project_number), 'Maria Svensson'],
      ['approval_status', 'pending', 'approved', 'Karin Lindqvist'],
      ['priority', '20', '10', 'Karin Lindqvist'],
      ['technician', null, 'Mikko Virtanen', 'Anders Berg'],
      ['status', 'pending', 'planned', 'Mikko Virtanen'],
      ['planned_at', null, '2030-03-01T08:00:00.000Z', 'Mikko Virtanen'],
      ['document', null, 'efter.jpg', 'Mikko Virtanen'],
      ['status', 'planned', 'completed', 'Mikko Virtanen'],
      ['planned_at', '2030-03-01T08:00:00.000Z', null, 'Mikko Virtanen'],
      ['completed_at', null, '2030-03-01T12:00:00.000Z', 'Mikko Virtanen'],
    ]);
    const approval = detail.history.find((h: { field: string }) => h.field === 'approval_status');
    expect(approval).toMatchObject({ from_label: 'Inväntar godkännande', to_label: 'Godkänd' });
    const at = detail.history.map((h: { at: string }) => h.at);
    expect(at).toEqual([...at].sort());
  });

  it('deletes an order with its files', async () => {
    const res = await createOrder('store', { ...base, store_id: 1 }, [{ name: 'x.pdf', data: files.pdf() }]);
    const { id } = res.json().payload;
    const before = countFiles();
    const del = await call(app, 'DELETE', `/api/orders/${id}`, { as: 'director' });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('Order deleted successfully.');
    expect(countFiles()).toBe(before - 1);
    expect((await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/api/orders/${id}`, { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('attachments and the PDF', () => {
  let orderId: number;
  beforeAll(async () => {
    const res = await createOrder(
      'store',
      { ...base, store_id: 1, description: 'Frysdisken på Södermalm är varm, ö å ä.' },
      [{ name: 'Kylrum|bild 1.png', data: files.png() }],
    );
    orderId = res.json().payload.id;
  });

  it('adds documents to an order, for any role in scope', async () => {
    await call(app, 'PUT', `/api/orders/${orderId}`, { as: 'admin', payload: { technician_id: TECH } });
    const body = multipart({}, [
      { field: 'documents[]', name: 'rapport.pdf', data: files.pdf() },
      { field: 'documents', name: 'bild.webp', data: files.webp() },
    ]);
    const res = await call(app, 'POST', `/api/orders/${orderId}/upload`, { as: 'tech', ...body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payload.map((d: { name: string }) => d.name)).toEqual([
      'Kylrumbild 1.png',
      'rapport.pdf',
      'bild.webp',
    ]);
    const empty = await call(app, 'POST', `/api/orders/${orderId}/upload`, { as: 'tech', ...multipart({}) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ documents: ['is required'] });
    const spoof = multipart({}, [{ field: 'documents[]', name: 'x.pdf', data: files.script() }]);
    expect((await call(app, 'POST', `/api/orders/${orderId}/upload`, { as: 'tech', ...spoof })).statusCode).toBe(422);
  });

  it('downloads a document as an attachment with a safe name and nosniff', async () => {
    const detail = (await call(app, 'GET', `/api/orders/${orderId}`, { as: 'store' })).json().payload;
    const doc = detail.documents[0];
    const res = await call(app, 'GET', doc.url, { as: 'store' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Kylrumbild 1.png"');
    expect(res.rawPayload.equals(files.png())).toBe(true);
    expect((await call(app, 'GET', `/api/orders/${orderId}/documents/999999`, { as: 'store' })).statusCode).toBe(404);
    // A document of another order is not reachable through this one.
    const { rows } = await app.db.execute<{ id: number }>(
      sql`select id from order_documents where order_id <> ${orderId} limit 1`,
    );
    expect((await call(app, 'GET', `/api/orders/${orderId}/documents/${rows[0].id}`, { as: 'admin' })).statusCode).toBe(
      404,
    );
  });

  it('opens downloads with a short-lived download token in the URL, never with the session token', async () => {
    const session = await tokenFor(app, 'store');
    const dl = (await call(app, 'POST', '/api/auth/download-token', { as: 'store' })).json().payload.token;
    const url = `/api/orders/generatePdf/${orderId}`;
    expect((await app.inject({ method: 'GET', url: `${url}?token=${dl}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${url}?access_token=${dl}` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${url}?access_token=${session}` })).statusCode).toBe(401);
    const detail = (await call(app, 'GET', `/api/orders/${orderId}`, { as: 'store' })).json().payload;
    expect((await app.inject({ method: 'GET', url: `${detail.documents[0].url}?access_token=${dl}` })).statusCode).toBe(
      200,
    );
    // The download token opens nothing else.
    expect((await app.inject({ method: 'GET', url: `/api/orders/${orderId}?access_token=${dl}` })).statusCode).toBe(
      401,
    );
  });

  it('renders the order PDF with å ä ö, the store, the orderer, the status, the dates and the attachments', async () => {
    const res = await call(app, 'GET', `/api/orders/generatePdf/${orderId}`, { as: 'store', lang: 'sv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename=order-\d+\.pdf$/);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const expected of [
      'Arbetsorder',
      'Frysdisken på Södermalm är varm, ö å ä.',
      'Norrgården Södermalm',
      'Norrgården Livs',
      'Maria Svensson',
      'Väntande',
      'Beställd av',
      'Bilagor',
      'rapport.pdf',
      'Mikko Virtanen',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });
});
