import { describe, expect, it } from 'vitest';
import { call, createTestApp, type DemoUser } from '../../test/app.ts';
import { DEMO_TECH as TECH, techOrder } from '../../test/orders.ts';
import { addVisitLabour } from './costs.service.ts';

const app = await createTestApp();

/** Chain 1's NTE for priority 20 (seed): 5 000 kr. */
const NTE_20 = 500_000;

const line = (overrides: Record<string, unknown> = {}) => ({
  kind: 'material',
  description: 'Termostat',
  quantity_milli: 1000,
  unit_price_minor: 100_000,
  ...overrides,
});
const addLine = (id: number, payload: unknown, as: DemoUser = 'tech', lang?: 'en' | 'sv' | 'fi') =>
  call(app, 'POST', `/api/orders/${id}/costs`, { as, payload, lang });
const costsOf = async (id: number, as: DemoUser = 'tech') =>
  (await call(app, 'GET', `/api/orders/${id}/costs`, { as })).json().payload;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
const quote = (lines: unknown[], overrides: Record<string, unknown> = {}) => ({
  lines,
  valid_until: inAWeek(),
  note: 'Kompressorn behöver bytas.',
  ...overrides,
});
const notificationsOf = async (who: DemoUser, orderId: number, type: string) =>
  (await call(app, 'GET', '/api/notifications', { as: who, query: { limit: 1000 } }))
    .json()
    .payload.data.filter((n: { order_id: number; type: string }) => n.order_id === orderId && n.type === type);

describe('cost lines of an order', () => {
  it("are written by the order's technician, priced half up, and summed into the order's cost", async () => {
    const id = await techOrder(app);
    const labour = await addLine(
      id,
      line({ kind: 'labour', description: 'Felsökning', quantity_milli: 1335, unit_price_minor: 69_500 }),
    );
    expect(labour.statusCode, labour.body).toBe(201);
    // 1.335 h x 695,00 kr = 927,825 kr -> 927,83 kr
    expect(labour.json().payload).toMatchObject({ kind: 'labour', amount_minor: 92_783, created_by: { id: TECH } });
    await addLine(id, line({ quantity_milli: 2000, unit_price_minor: 12_345 }));
    const costs = await costsOf(id);
    expect(costs.cost).toEqual({
      labour: 92_783,
      callout: 0,
      material: 24_690,
      other: 0,
      total: 117_473,
      currency: 'SEK',
    });
    expect(costs.lines.map((l: { amount_minor: number }) => l.amount_minor)).toEqual([92_783, 24_690]);
    expect(costs).toMatchObject({ nte_minor: NTE_20, can_edit: true, quote: null });
    // The order answers the same totals, and the store reads them (but may not write).
    const order = (await call(app, 'GET', `/api/orders/${id}`, { as: 'store' })).json().payload;
    expect(order.cost.total).toBe(117_473);
    expect((await costsOf(id, 'store')).can_edit).toBe(false);
    expect((await addLine(id, line(), 'store')).statusCode).toBe(403);
  });

  it('answers 401 without a token and 404 for an order outside the scope', async () => {
    expect((await call(app, 'GET', '/api/orders/1/costs')).statusCode).toBe(401);
    const id = await techOrder(app);
    expect((await call(app, 'GET', `/api/orders/${id}/costs`, { as: 'chainAdmin2' })).statusCode).toBe(404);
    expect((await addLine(id, line(), 'tech2')).statusCode).toBe(404);
  });

  it('refuses a decimal amount or quantity, per field, in the caller’s language', async () => {
    const id = await techOrder(app);
    const res = await addLine(
      id,
      { kind: 'parts', description: '', quantity_milli: 1.5, unit_price_minor: 99.9 },
      'tech',
      'fi',
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['description', 'kind', 'quantity_milli', 'unit_price_minor']);
    expect(errors.unit_price_minor[0]).toContain('anna kokonaisluku sentteinä tai äyreinä, ilman desimaaleja');
    expect(errors.quantity_milli[0]).toBe('anna numero');
    expect((await costsOf(id)).lines).toEqual([]);
  });

  it('refuses a line past the NTE with a 409 that says what to do, and writes nothing', async () => {
    const id = await techOrder(app);
    expect((await addLine(id, line({ unit_price_minor: 400_000 }))).statusCode).toBe(201);
    const over = await addLine(id, line({ unit_price_minor: 100_001 }), 'tech', 'sv');
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({
      code: 'nte_exceeded',
      message:
        'Raden skulle ta orderns kostnad till 5 000,01 kr, över kostnadstaket på 5 000,00 kr. Skicka en offert på arbetet från ordern; när den är godkänd höjs taket och raden kan läggas till.',
    });
    expect((await costsOf(id)).cost.total).toBe(400_000);
    // Exactly at the limit is fine.
    expect((await addLine(id, line({ unit_price_minor: 100_000 }))).statusCode).toBe(201);
  });

  it('lets two lines race for the last of the NTE: one is written, the other is a 409', async () => {
    const id = await techOrder(app);
    const [a, b] = await Promise.all([
      addLine(id, line({ unit_price_minor: 300_000 })),
      addLine(id, line({ unit_price_minor: 300_000 })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    expect((await costsOf(id)).cost.total).toBe(300_000);
  });

  it('changes and removes a line, keeping the totals equal to the lines', async () => {
    const id = await techOrder(app);
    const lineId = (await addLine(id, line())).json().payload.id;
    const changed = await call(app, 'PUT', `/api/orders/${id}/costs/${lineId}`, {
      as: 'admin',
      payload: line({ kind: 'other', quantity_milli: 500 }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await costsOf(id)).cost).toMatchObject({ material: 0, other: 50_000, total: 50_000 });
    const removed = await call(app, 'DELETE', `/api/orders/${id}/costs/${lineId}`, { as: 'tech' });
    expect(removed.statusCode).toBe(200);
    expect((await costsOf(id)).cost.total).toBe(0);
    const gone = await call(app, 'DELETE', `/api/orders/${id}/costs/${lineId}`, { as: 'tech' });
    expect(gone.statusCode).toBe(404);
  });

  it("adds a closed visit's labour and call-out once, whatever the NTE", async () => {
    const id = await techOrder(app);
    const texts = { labour: 'Arbete på plats', callout: 'Utryckningsavgift' };
    const write = () =>
      app.database.db.transaction((tx) =>
        addVisitLabour(tx, { orderId: id, visitId: 900_000 + id, minutes: 90, technicianId: TECH }, texts),
      );
    expect(await write()).toHaveLength(2);
    expect(await write()).toHaveLength(0);
    const costs = await costsOf(id);
    // 1.5 h x 695,00 kr and the 495,00 kr call-out fee of chain 1.
    expect(costs.cost).toMatchObject({ labour: 104_250, callout: 49_500, total: 153_750 });
    const visitLine = costs.lines[0].id;
    const edit = await call(app, 'PUT', `/api/orders/${id}/costs/${visitLine}`, { as: 'admin', payload: line() });
    expect(edit.statusCode).toBe(409);
  });
});

describe("an order's not-to-exceed limit", () => {
  it('is raised by a director within its approval limit, not above it, and never below the cost', async () => {
    const id = await techOrder(app);
    const nte = (nte_minor: unknown, as: DemoUser = 'director') =>
      call(app, 'PUT', `/api/orders/${id}/nte`, { as, payload: { nte_minor } });
    const raised = await nte(900_000);
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().payload.nte_minor).toBe(900_000);
    const above = await nte(1_000_001);
    expect(above.statusCode).toBe(422);
    expect(above.json().errors.nte_minor).toEqual(['is above your approval limit']);
    expect((await nte(2_000_000, 'chainAdmin')).statusCode).toBe(200);
    await addLine(id, line({ unit_price_minor: 200_000 }));
    expect((await nte(199_999, 'admin')).json().errors.nte_minor).toEqual([
      'may not be below the cost already booked on the order',
    ]);
    expect((await nte(12.5, 'admin')).statusCode).toBe(422);
    expect((await nte(900_000, 'store')).statusCode).toBe(403);
    expect((await nte(900_000, 'chainAdmin2')).statusCode).toBe(404);
    const history = (await call(app, 'GET', `/api/orders/${id}`, { as: 'admin' })).json().payload.history;
    expect(history.filter((h: { field: string }) => h.field === 'nte_minor').map((h: { to: string }) => h.to)).toEqual([
      '900000',
      '2000000',
    ]);
  });
});

describe('quotes', () => {
  it('go from the technician to the director, whose approval raises the NTE so the work can be booked', async () => {
    const id = await techOrder(app);
    const lines = [
      line({ unit_price_minor: 600_000 }),
      line({ kind: 'labour', quantity_milli: 3000, unit_price_minor: 69_500 }),
    ];
    const submitted = await call(app, 'POST', `/api/orders/${id}/quote`, { as: 'tech', payload: quote(lines) });
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json().payload).toMatchObject({ status: 'submitted', total_minor: 808_500, escalated: false });
    expect((await costsOf(id)).quote_status).toBe('submitted');
    // The director (limit 10 000 kr) is told, in its language, with the amount; the chain-admin is not.
    const [told] = await notificationsOf('director', id, 'quote');
    expect(told.title).toContain('8,085.00');
    expect(await notificationsOf('chainAdmin', id, 'quote')).toHaveLength(0);
    expect((await call(app, 'GET', `/api/orders/${id}/quote`, { as: 'director' })).json().payload.can_decide).toBe(
      true,
    );
    // A second quote waits for this one.
    const again = await call(app, 'POST', `/api/orders/${id}/quote`, { as: 'tech', payload: quote(lines) });
    expect(again.statusCode).toBe(409);

    const approved = await call(app, 'PUT', `/api/orders/${id}/quote`, {
      as: 'director',
      payload: { decision: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().payload).toMatchObject({ status: 'approved', decided_by: { name: 'Johan Nilsson' } });
    const costs = await costsOf(id);
    expect(costs).toMatchObject({ nte_minor: 808_500, quote_status: 'approved' });
    for (const l of lines) expect((await addLine(id, l)).statusCode).toBe(201);
    // The technician and the store hear the decision.
    expect(await notificationsOf('tech', id, 'quote_decided')).toHaveLength(1);
    expect(await notificationsOf('store', id, 'quote_decided')).toHaveLength(1);
  });

  it('above every director’s limit go on to the chain-admins, who decide them', async () => {
    const id = await techOrder(app);
    const submitted = await call(app, 'POST', `/api/orders/${id}/quote`, {
      as: 'tech',
      payload: quote([line({ unit_price_minor: 2_000_000 })]),
    });
    expect(submitted.json().payload).toMatchObject({ escalated: true, total_minor: 2_000_000 });
    expect(await notificationsOf('chainAdmin', id, 'quote')).toHaveLength(1);
    expect(await notificationsOf('director', id, 'quote')).toHaveLength(0);
    const byDirector = await call(app, 'PUT', `/api/orders/${id}/quote`, {
      as: 'director',
      payload: { decision: 'approved' },
    });
    expect(byDirector.statusCode).toBe(403);
    expect(byDirector.json().message).toBe(
      "This quote is above the regional approval limits: the chain's administrators decide it.",
    );
    const byChainAdmin = await call(app, 'PUT', `/api/orders/${id}/quote`, {
      as: 'chainAdmin',
      payload: { decision: 'approved' },
    });
    expect(byChainAdmin.statusCode).toBe(200);
    expect((await costsOf(id)).nte_minor).toBe(2_000_000);
  });

  it('are rejected with a comment, which leaves the NTE as it was', async () => {
    const id = await techOrder(app);
    await call(app, 'POST', `/api/orders/${id}/quote`, {
      as: 'tech',
      payload: quote([line({ unit_price_minor: 700_000 })]),
    });
    const noComment = await call(app, 'PUT', `/api/orders/${id}/quote`, {
      as: 'director',
      lang: 'sv',
      payload: { decision: 'rejected' },
    });
    expect(noComment.statusCode).toBe(422);
    expect(noComment.json().errors.comment[0]).toContain('är obligatoriskt');
    const rejected = await call(app, 'PUT', `/api/orders/${id}/quote`, {
      as: 'director',
      payload: { decision: 'rejected', comment: 'För dyrt, laga den befintliga.' },
    });
    expect(rejected.statusCode).toBe(200);
    expect(await costsOf(id)).toMatchObject({ nte_minor: NTE_20, quote_status: 'rejected' });
    const none = await call(app, 'PUT', `/api/orders/${id}/quote`, {
      as: 'director',
      payload: { decision: 'approved' },
    });
    expect(none.statusCode).toBe(409);
    // A new quote may follow a rejected one.
    const next = await call(app, 'POST', `/api/orders/${id}/quote`, {
      as: 'tech',
      payload: quote([line({ unit_price_minor: 550_000 })]),
    });
    expect(next.statusCode).toBe(201);
  });

  it('refuses a quote without lines, valid until a past day, or from the store', async () => {
    const id = await techOrder(app);
    const bad = await call(app, 'POST', `/api/orders/${id}/quote`, {
      as: 'tech',
      payload: { lines: [], valid_until: '2001-01-01' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['lines']);
    const past = await call(app, 'POST', `/api/orders/${id}/quote`, {
      as: 'tech',
      payload: quote([line()], { valid_until: '2001-01-01' }),
    });
    expect(past.json().errors).toEqual({ valid_until: ['may not be in the past'] });
    const store = await call(app, 'POST', `/api/orders/${id}/quote`, { as: 'store', payload: quote([line()]) });
    expect(store.statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/orders/${id}/quote`, { as: 'tech' })).statusCode).toBe(404);
  });
});
