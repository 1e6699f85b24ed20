import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser, multipart } from '../../test/app.ts';

/* api-contract "Third wave", "Workflow rules that hold together": no state where nobody can act. */
const app = await createTestApp();

const TECH = 6;

/** A new order of store 1, assigned to tech@. */
async function newOrder() {
  const body = multipart({ description: 'Kylen i entrén surrar.', worktype_id: 3, priority: 20, store_id: 1 });
  const created = await call(app, 'POST', '/api/orders', { as: 'store', ...body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().payload.id as number;
  const assigned = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload: { technician_id: TECH } });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return id;
}

const put = (id: number, payload: Record<string, unknown>, as: DemoUser = 'admin', lang?: 'en' | 'sv' | 'fi') =>
  call(app, 'PUT', `/api/orders/${id}`, { as, payload, lang });
const detail = async (id: number, as: DemoUser = 'admin') =>
  (await call(app, 'GET', `/api/orders/${id}`, { as })).json().payload;
const soon = new Date(Date.now() + 86_400_000).toISOString();

describe('demo data', () => {
  it('holds no order both rejected and under way or done, and every planned order has a time', async () => {
    const { rows } = await app.db.execute<{ rejected_moving: number; planned_untimed: number }>(sql`
      select
        count(*) filter (where o.approval_status = 'rejected' and s.slug in ('planned', 'confirmed', 'completed'))::int
          as rejected_moving,
        count(*) filter (where s.slug = 'planned' and o.planned_at is null)::int as planned_untimed
      from orders o join order_statuses s on s.id = o.status_id`);
    expect(rows[0]).toEqual({ rejected_moving: 0, planned_untimed: 0 });
  });
});

describe('a rejected order stops', () => {
  it('cannot be planned, confirmed or completed (409 in the caller language) until an approver reconsiders it', async () => {
    const id = await newOrder();
    expect((await put(id, { approval_status: 'rejected' }, 'chainAdmin')).statusCode).toBe(200);
    for (const status of ['planned', 'confirmed', 'completed', 'revisit-required']) {
      const res = await put(id, { status, planned_at: soon }, 'tech', 'sv');
      expect(res.statusCode, status).toBe(409);
      expect(res.json().message).toBe(
        'Ordern är avslagen och står kvar som väntande. Den som godkänner kan sätta tillbaka den till att invänta godkännande och pröva den igen.',
      );
    }
    expect((await detail(id)).status).toBe('pending');
    // The approver takes it back to "awaiting approval"; then the work may go on.
    expect((await put(id, { approval_status: 'pending' }, 'chainAdmin')).statusCode).toBe(200);
    expect((await put(id, { status: 'planned', planned_at: soon }, 'tech')).statusCode).toBe(200);
  });

  it('rejecting an order under way sends it back to pending; a completed one cannot be rejected', async () => {
    const id = await newOrder();
    expect((await put(id, { status: 'planned', planned_at: soon })).statusCode).toBe(200);
    const rejected = await put(id, { approval_status: 'rejected' }, 'director');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().payload).toMatchObject({ approval_status: 'rejected', status: 'pending', planned_at: null });
    const done = await newOrder();
    expect((await put(done, { status: 'completed' })).statusCode).toBe(200);
    const refused = await put(done, { approval_status: 'rejected' }, 'chainAdmin', 'fi');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Valmista tilausta ei voi hylätä.');
    expect((await detail(done)).approval_status).toBe('pending');
  });
});

describe('planned needs a time', () => {
  it('answers 422 on planned_at when it is missing or null, in the caller language', async () => {
    const id = await newOrder();
    for (const payload of [{ status: 'planned' }, { status: 'planned', planned_at: null }]) {
      const res = await put(id, payload, 'tech', 'fi');
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toEqual({ planned_at: ['pakollinen tieto'] });
    }
    expect((await put(id, { status: 'planned', planned_at: soon }, 'tech')).statusCode).toBe(200);
    // A planned order keeps its time when something else changes; its time cannot be taken away.
    expect((await put(id, { priority: 10 })).statusCode).toBe(200);
    expect((await put(id, { planned_at: null }, 'tech')).statusCode).toBe(422);
    expect((await detail(id)).planned_at).toBe(soon);
  });
});

describe('a completion says what was done', () => {
  it('keeps the resolution with the completion, shows it on the order and in its history', async () => {
    const id = await newOrder();
    const text = 'Bytte fläktmotorn och rengjorde kondensorn.';
    const res = await put(id, { status: 'completed', resolution: text }, 'tech');
    expect(res.statusCode, res.body).toBe(200);
    const order = await detail(id, 'store');
    expect(order.resolution).toBe(text);
    expect(order.history.at(-1)).toMatchObject({ field: 'resolution', from: null, to: text });
    // Re-opened, the order no longer carries it.
    expect((await put(id, { status: 'revisit-required', planned_at: soon }, 'tech')).statusCode).toBe(200);
    expect((await detail(id)).resolution).toBeNull();
  });

  it('refuses a resolution without the completion, and one too long, per field', async () => {
    const id = await newOrder();
    const early = await put(id, { status: 'confirmed', resolution: 'Klart.' }, 'tech', 'sv');
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ resolution: ['kan bara anges när ordern är slutförd'] });
    const long = await put(id, { status: 'completed', resolution: 'x'.repeat(2001) }, 'tech');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ resolution: ['may not be longer than 2000 characters'] });
    expect((await detail(id)).status).toBe('pending');
  });

  it('is set by those who set the status, and refused to others with 403', async () => {
    const id = await newOrder();
    expect((await put(id, { resolution: 'Klart.' }, 'chainAdmin')).statusCode).toBe(422);
    expect((await put(id, { resolution: 'Klart.' }, 'store')).statusCode).toBe(403);
  });
});

describe('the follow-up of "not fixed"', () => {
  const notFixed = async (approval: 'approved' | 'pending' | 'rejected') => {
    const id = await newOrder();
    expect((await put(id, { status: 'completed' })).statusCode).toBe(200);
    // Older data may hold a completed order with any decision.
    await app.db.execute(sql`update orders set approval_status = ${approval} where id = ${id}`);
    const res = await call(app, 'POST', `/api/orders/${id}/confirm`, {
      as: 'store',
      payload: { fixed: false, comment: 'Surrar fortfarande.' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return detail(res.json().payload.recall_order_id);
  };

  it('is approved when the original was, and waits for approval otherwise, never rejected', async () => {
    expect((await notFixed('approved')).approval_status).toBe('approved');
    expect((await notFixed('pending')).approval_status).toBe('pending');
    const afterRejected = await notFixed('rejected');
    expect(afterRejected).toMatchObject({ approval_status: 'pending', approval_status_date: null });
    const waiting = await call(app, 'GET', '/api/orders', {
      as: 'chainAdmin',
      query: { approval_status: 'pending', q: String(afterRejected.project_number) },
    });
    expect(waiting.json().payload.data.map((o: { id: number }) => o.id)).toContain(afterRejected.id);
  });
});
