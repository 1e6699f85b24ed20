import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, DEMO, type DemoUser, multipart } from '../../test/app.ts';
import { sleep, startSmtp, until } from '../../test/live.ts';

// A window of 7 days (the default is 30): the edges below are the configured ones.
const smtp = await startSmtp();
afterAll(() => smtp.stop());
const app = await createTestApp({ RECALL_WINDOW_DAYS: '7', SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '0.2' });

// Demo data: store 1 is store@'s, in region 1 (director@) of chain 1 (chainadmin@), its approvers.
async function newAsset(name: string) {
  const res = await call(app, 'POST', '/api/assets', { as: 'admin', payload: { store_id: 1, name, worktype_id: 3 } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; tag: string; name: string };
}

async function order(fields: Record<string, string | number> = {}, as: DemoUser = 'store') {
  const body = multipart({ description: 'Frysen läcker igen.', worktype_id: 3, priority: 20, store_id: 1, ...fields });
  const res = await call(app, 'POST', '/api/orders', { as, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { id: number; project_number: number };
}

/** An order on the asset, completed `ago` (a PostgreSQL interval) before now. */
async function completedOrder(assetId: number, ago: string) {
  const done = await order({ asset_id: assetId });
  const res = await call(app, 'PUT', `/api/orders/${done.id}`, { as: 'admin', payload: { status: 'completed' } });
  expect(res.statusCode, res.body).toBe(200);
  await app.db.execute(sql`update orders set completed_at = now() - ${ago}::interval where id = ${done.id}`);
  return done;
}

const detail = async (id: number, as: DemoUser = 'store') =>
  (await call(app, 'GET', `/api/orders/${id}`, { as })).json().payload;
const notificationsOf = async (as: DemoUser, lang: 'en' | 'sv' | 'fi' = 'en') =>
  (await call(app, 'GET', '/api/notifications', { as, lang, query: { limit: 100 } })).json().payload.data as {
    type: string;
    order_id: number;
    title: string;
    body: string;
  }[];

describe('a repeat failure', () => {
  it('is an order on an asset whose last order was completed one minute inside the window', async () => {
    const asset = await newAsset('Frysö R1');
    const earlier = await completedOrder(asset.id, '7 days - 1 minute');
    const repeat = await order({ asset_id: asset.id });
    expect((await detail(repeat.id)).repeat_of).toEqual({ id: earlier.id, project_number: earlier.project_number });
  });

  it('is not one a minute outside the window', async () => {
    const asset = await newAsset('Frysö R2');
    await completedOrder(asset.id, '7 days 1 minute');
    const later = await order({ asset_id: asset.id });
    expect((await detail(later.id)).repeat_of).toBeNull();
  });

  it('counts only completed orders, the one completed last, and orders without an asset never', async () => {
    const asset = await newAsset('Frysö R3');
    await completedOrder(asset.id, '3 days');
    const last = await completedOrder(asset.id, '1 day');
    await order({ asset_id: asset.id }); // still open: not a completion
    const repeat = await order({ asset_id: asset.id });
    expect((await detail(repeat.id)).repeat_of?.id).toBe(last.id);
    expect((await detail((await order()).id)).repeat_of).toBeNull();
  });

  it('is badged in the list, which filters repeats alone', async () => {
    const asset = await newAsset('Frysö R4');
    const earlier = await completedOrder(asset.id, '2 days');
    const repeat = await order({ asset_id: asset.id });
    const res = await call(app, 'GET', '/api/orders', { as: 'chainAdmin', query: { repeat: 'true', limit: 100 } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().payload.data as { id: number; repeat_of: { id: number } | null }[];
    expect(rows.find((o) => o.id === repeat.id)?.repeat_of).toEqual({
      id: earlier.id,
      project_number: earlier.project_number,
    });
    expect(rows.every((o) => o.repeat_of !== null)).toBe(true);
    expect(res.json().payload.total).toBe(rows.length);
    const others = await call(app, 'GET', '/api/orders', { as: 'chainAdmin', query: { repeat: 'false', limit: 100 } });
    expect((others.json().payload.data as { id: number }[]).map((o) => o.id)).not.toContain(repeat.id);
  });

  it('tells the approvers in the app, live and by e-mail under their settings, and not its author', async () => {
    await call(app, 'PUT', '/api/profile/notifications', {
      as: 'chainAdmin',
      payload: {
        email: { order_created: false, approval: true, assigned: true, status: true, message: true },
        locale: 'en',
      },
    });
    await call(app, 'PUT', '/api/profile/notifications', {
      as: 'director',
      payload: {
        email: { order_created: true, approval: true, assigned: true, status: true, message: true },
        locale: 'sv',
      },
    });
    const asset = await newAsset('Kylrum R5');
    const earlier = await completedOrder(asset.id, '5 days');
    const { rows: before } = await app.db.execute<{ id: number }>(
      sql`select coalesce(max(id), 0)::int as id from app_events`,
    );
    const repeat = await order({ asset_id: asset.id });

    const director = (await notificationsOf('director', 'sv')).filter((n) => n.order_id === repeat.id);
    expect(director.map((n) => n.type).sort()).toEqual(['order_created', 'repeat']);
    expect(director.find((n) => n.type === 'repeat')?.title).toBe(
      `Återkommande fel: order ${repeat.project_number} på Kylrum R5 (${asset.tag})`,
    );
    const chainAdmin = (await notificationsOf('chainAdmin', 'fi')).find(
      (n) => n.order_id === repeat.id && n.type === 'repeat',
    );
    expect(chainAdmin?.body).toContain(`tilaus ${earlier.project_number} korjasi`);
    expect((await notificationsOf('store')).filter((n) => n.type === 'repeat')).toEqual([]);

    // Live: each approver's unread count went out as an event.
    const { rows: events } = await app.db.execute<{ user_id: number }>(
      sql`select user_id from app_events where id > ${before[0].id} and type = 'notification'`,
    );
    const ids = await app.db.execute<{ id: number; email: string }>(
      sql`select id, email from users where email in (${DEMO.director}, ${DEMO.chainAdmin})`,
    );
    for (const user of ids.rows) expect(events.map((e) => e.user_id)).toContain(user.id);

    // By e-mail: the director has new-order mails on (in Swedish); the chain-admin has them off.
    const subject = `Återkommande fel: order ${repeat.project_number} på Kylrum R5 (${asset.tag})`;
    await until(() => smtp.received.some((m) => m.to === DEMO.director && m.subject === subject), 10_000, 'the mail');
    await sleep(300);
    const mine = `Repeat failure: order ${repeat.project_number} on Kylrum R5 (${asset.tag})`;
    expect(smtp.received.filter((m) => m.to === DEMO.chainAdmin && m.subject === mine)).toEqual([]);
  });

  it('is found when an order is given the asset later, counted from when the order was placed', async () => {
    const asset = await newAsset('Dörr R6');
    const earlier = await completedOrder(asset.id, '1 hour');
    const placed = await order();
    const res = await call(app, 'PUT', `/api/orders/${placed.id}`, { as: 'admin', payload: { asset_id: asset.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.repeat_of).toEqual({ id: earlier.id, project_number: earlier.project_number });
    const told = (await notificationsOf('director')).filter((n) => n.order_id === placed.id && n.type === 'repeat');
    expect(told).toHaveLength(1);
    // Taken off the asset, it is no repeat any more.
    const off = await call(app, 'PUT', `/api/orders/${placed.id}`, { as: 'admin', payload: { asset_id: null } });
    expect(off.json().payload.repeat_of).toBeNull();
  });

  it('is the follow-up of a "not fixed" sign-off: on the same asset, a repeat of the original, approvers told', async () => {
    const asset = await newAsset('Frysö R7');
    const original = await completedOrder(asset.id, '2 hours');
    const res = await call(app, 'POST', `/api/orders/${original.id}/confirm`, {
      as: 'store',
      payload: { fixed: false, comment: 'Läcker fortfarande.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const followUp = await detail(res.json().payload.recall_order_id);
    expect(followUp).toMatchObject({
      asset_id: asset.id,
      parent_id: original.id,
      repeat_of: { id: original.id, project_number: original.project_number },
    });
    const told = (await notificationsOf('director')).filter((n) => n.order_id === followUp.id && n.type === 'repeat');
    expect(told).toHaveLength(1);
    // The asset's page lists it among its orders.
    const history = await call(app, 'GET', `/api/assets/${asset.id}/history`, { as: 'store' });
    expect((history.json().payload.data as { id: number }[]).map((o) => o.id)).toContain(followUp.id);
  });

  it('leaves a retired asset off the follow-up', async () => {
    const asset = await newAsset('Frysö R8');
    const original = await completedOrder(asset.id, '1 hour');
    const retired = await call(app, 'PUT', `/api/assets/${asset.id}`, {
      as: 'admin',
      payload: { store_id: 1, name: asset.name, worktype_id: 3, status: 'retired' },
    });
    expect(retired.statusCode, retired.body).toBe(200);
    const res = await call(app, 'POST', `/api/orders/${original.id}/confirm`, {
      as: 'store',
      payload: { fixed: false, comment: 'Byt ut den.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const followUp = await detail(res.json().payload.recall_order_id);
    expect(followUp).toMatchObject({ asset_id: null, repeat_of: null, parent_id: original.id });
  });
});
