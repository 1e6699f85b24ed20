import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';
import { storeOrder } from '../../test/orders.ts';

const app = await createTestApp();

/** A new order in store 1 (region 1, chain 1), taken to `completed` by an admin. */
async function completedOrder(status = 'completed') {
  const { id, project_number } = await storeOrder(app, 'Frysdisken håller inte temperaturen.');
  const updated = await call(app, 'PUT', `/api/orders/${id}`, {
    as: 'admin',
    payload: { status, approval_status: 'approved', planned_at: '2030-01-02T08:00:00Z' },
  });
  expect(updated.statusCode, updated.body).toBe(200);
  return { id, project_number };
}

const confirm = (id: number, payload: unknown, as: DemoUser = 'store', lang?: 'en' | 'sv' | 'fi') =>
  call(app, 'POST', `/api/orders/${id}/confirm`, { as, payload, lang });
const detail = async (id: number, as: DemoUser = 'store') =>
  (await call(app, 'GET', `/api/orders/${id}`, { as })).json().payload;

describe('store sign-off', () => {
  it('records a "fixed" sign-off by the store manager with 201, and the order shows when', async () => {
    const order = await completedOrder();
    const res = await confirm(order.id, { fixed: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      message: 'Thank you: the order is signed off as fixed.',
      payload: { id: order.id, recall_order_id: null },
    });
    const shown = await detail(order.id);
    expect(shown.confirmed_at).toEqual(expect.any(String));
    expect(shown.recall).toBeNull();
    expect(shown.history.at(-1)).toMatchObject({ field: 'confirmed', to: 'fixed', user: { name: expect.any(String) } });
  });

  it('opens a linked follow-up order for "not fixed", quoting the comment, in the same store, work type and priority', async () => {
    const order = await completedOrder();
    const res = await confirm(order.id, { fixed: false, comment: 'Det droppar fortfarande.' }, 'store', 'sv');
    expect(res.statusCode, res.body).toBe(201);
    const { recall_order_id } = res.json().payload;
    expect(recall_order_id).toEqual(expect.any(Number));
    const original = await detail(order.id);
    const recall = await detail(recall_order_id);
    expect(res.json().message).toBe(`Uppföljningsorder ${recall.project_number} har skapats.`);
    expect(original.recall).toEqual({ id: recall_order_id, project_number: recall.project_number });
    // The contract's ids beside the links, on the detail and in the list.
    expect(original).toMatchObject({ recall_order_id, parent_id: null });
    expect(recall).toMatchObject({ parent_id: order.id, recall_order_id: null });
    const listed = await call(app, 'GET', '/api/orders', { as: 'admin', query: { q: String(order.project_number) } });
    const rows = listed.json().payload.data as { id: number }[];
    expect(rows.find((row) => row.id === order.id)).toMatchObject({ recall_order_id, parent_id: null });
    expect(original.status).toBe('completed');
    expect(recall).toMatchObject({
      parent: { id: order.id, project_number: order.project_number },
      recall: null,
      store_id: 1,
      worktype_id: 3,
      priority: 20,
      status: 'pending',
      approval_status: 'approved',
      confirmed_at: null,
    });
    expect(recall.description).toContain('"Det droppar fortfarande."');
    expect(recall.description).toContain(String(order.project_number));
    // The recall is counted against the original: the list finds it as recalled.
    const recalled = await call(app, 'GET', '/api/orders', {
      as: 'store',
      query: { status: 'completed', recalled: 1, limit: 1000 },
    });
    expect(recalled.json().payload.data.map((o: { id: number }) => o.id)).toContain(order.id);
  });

  it('lets a chain-admin and a regional director in scope sign off too', async () => {
    for (const as of ['chainAdmin', 'director'] as const) {
      const order = await completedOrder();
      expect((await confirm(order.id, { fixed: true }, as)).statusCode).toBe(201);
    }
  });

  it('answers 409 for an order that is not completed, and writes nothing', async () => {
    const order = await completedOrder('planned');
    const res = await confirm(order.id, { fixed: false, comment: 'Inte klart' }, 'store', 'fi');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Vain valmistuneen tilauksen voi kuitata.');
    const shown = await detail(order.id);
    expect(shown.confirmed_at).toBeNull();
    expect(shown.recall).toBeNull();
  });

  it('answers 409 for an order already signed off, either way', async () => {
    const fixed = await completedOrder();
    expect((await confirm(fixed.id, { fixed: true })).statusCode).toBe(201);
    const again = await confirm(fixed.id, { fixed: false, comment: 'Trasig igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order has already been signed off.');
    const recalled = await completedOrder();
    expect((await confirm(recalled.id, { fixed: false, comment: 'Kvarstår qx7' })).statusCode).toBe(201);
    expect((await confirm(recalled.id, { fixed: true })).statusCode).toBe(409);
    const total = await call(app, 'GET', '/api/orders', { as: 'admin', query: { q: 'qx7', limit: 10 } });
    expect(total.json().payload.total).toBe(1);
  });

  it('answers 403 to admins and technicians: signing off is the store side', async () => {
    const order = await completedOrder();
    for (const as of ['superAdmin', 'admin', 'tech'] as const) {
      const res = await confirm(order.id, { fixed: true }, as);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Forbidden action.');
    }
    expect((await detail(order.id)).confirmed_at).toBeNull();
  });

  it("answers 404 for another store's order", async () => {
    const order = await completedOrder();
    const res = await confirm(order.id, { fixed: true }, 'store2');
    expect(res.statusCode).toBe(404);
  });

  it('answers 422 when "not fixed" comes without a comment, or fixed is not a yes/no', async () => {
    const order = await completedOrder();
    const missing = await confirm(order.id, { fixed: false, comment: '   ' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ comment: ['is required'] });
    const sv = await confirm(order.id, { fixed: false }, 'store', 'sv');
    expect(sv.json().errors.comment).toEqual(['är obligatoriskt']);
    const notBool = await confirm(order.id, { fixed: 'maybe' });
    expect(notBool.statusCode).toBe(422);
    expect(notBool.json().errors.fixed).toEqual(['must be yes or no']);
    expect((await detail(order.id)).confirmed_at).toBeNull();
  });
});
