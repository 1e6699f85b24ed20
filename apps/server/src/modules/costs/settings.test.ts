import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';

const app = await createTestApp();

describe("a chain's money settings (PUT /api/chains/{id})", () => {
  it('answers them with the chain, in minor units and basis points', async () => {
    const res = await call(app, 'GET', '/api/chains/2', { as: 'admin' });
    expect(res.json().payload).toMatchObject({
      country: 'FI',
      currency: 'EUR',
      vat_bp: 2550,
      hourly_rate_minor: 6900,
      callout_fee_minor: 4900,
      nte_minor_by_priority: { '10': 80_000, '20': 50_000, '30': 30_000 },
      visit_radius_m: 500,
      peppol_id: '0216:003712345671',
    });
  });

  it("lets a chain-admin set its own chain's rates and NTEs, not its VAT or currency", async () => {
    const rates = { hourly_rate_minor: 72_000, nte_minor_by_priority: { '10': 900_000, '20': 500_000, '30': 250_000 } };
    const res = await call(app, 'PUT', '/api/chains/1', { as: 'chainAdmin', payload: rates });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject(rates);
    for (const payload of [{ vat_bp: 1200 }, { currency: 'EUR' }, { country: 'FI' }]) {
      const refused = await call(app, 'PUT', '/api/chains/1', { as: 'chainAdmin', payload });
      expect(refused.statusCode).toBe(403);
    }
    const other = await call(app, 'PUT', '/api/chains/2', { as: 'chainAdmin', payload: rates });
    expect(other.statusCode).toBe(404);
    const director = await call(app, 'PUT', '/api/chains/1', { as: 'director', payload: rates });
    expect(director.statusCode).toBe(403);
  });

  it('refuses a decimal in a money field with a localized 422, per field', async () => {
    const res = await call(app, 'PUT', '/api/chains/1', {
      as: 'admin',
      lang: 'sv',
      payload: { hourly_rate_minor: 695.5, callout_fee_minor: '12.5', nte_minor_by_priority: { '10': 1.5 } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      hourly_rate_minor: [expect.stringContaining('måste vara ett heltal i ören eller cent, utan decimaler')],
      callout_fee_minor: [expect.stringContaining('utan decimaler')],
      'nte_minor_by_priority.10': [expect.stringContaining('utan decimaler')],
      'nte_minor_by_priority.20': [expect.stringContaining('obligatoriskt')],
    });
  });

  it('refuses a VAT rate above 100 %, an unknown currency, a malformed Peppol id and a VAT number without its country', async () => {
    const res = await call(app, 'PUT', '/api/chains/3', {
      as: 'admin',
      payload: { vat_bp: 10_001, currency: 'USD', peppol_id: '5560000001', vat_id: '556000000101' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['currency', 'peppol_id', 'vat_bp', 'vat_id']);
  });

  it('lets an admin set VAT at the Finnish 25.5 % and switch an unused chain to euros', async () => {
    const res = await call(app, 'PUT', '/api/chains/3', {
      as: 'admin',
      payload: { country: 'FI', currency: 'EUR', vat_bp: 2550, org_number: '7654321-0', vat_id: 'FI76543210' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({
      country: 'FI',
      currency: 'EUR',
      vat_bp: 2550,
      org_number: '7654321-0',
      vat_id: 'FI76543210',
    });
  });

  it('gives a new order the NTE of its chain for its priority', async () => {
    const created = await call(app, 'POST', '/api/orders', {
      as: 'admin',
      payload: {
        description: 'Kylen läcker',
        worktype_id: 1,
        priority: 20,
        chain_id: 1,
        region_id: 1,
        store_id: 1,
        approval_status: 'approved',
      },
    });
    expect(created.statusCode).toBe(201);
    const order = await call(app, 'GET', `/api/orders/${created.json().payload.id}`, { as: 'admin' });
    expect(order.json().payload).toMatchObject({
      nte_minor: 500_000,
      cost: { labour: 0, callout: 0, material: 0, other: 0, total: 0, currency: 'SEK' },
      quote_status: null,
      invoice_id: null,
    });
  });
});

describe("an approver's limit on the user form", () => {
  it('is kept for a regional director and answered with the user', async () => {
    const list = await call(app, 'GET', '/api/users', { as: 'chainAdmin', query: { q: 'director@' } });
    const director = list.json().payload.data[0];
    expect(director.approval_limit_minor).toBe(1_000_000);
    const res = await call(app, 'PUT', `/api/users/${director.id}`, {
      as: 'chainAdmin',
      payload: {
        name: director.name,
        email: director.email,
        phone_no: director.phone_no,
        role: 'regional-director',
        entity_type: 'region',
        entity_id: director.entities_ids,
        approval_limit_minor: 2_500_000,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.approval_limit_minor).toBe(2_500_000);
  });

  it('refuses a decimal limit, and a chain-admin raising its own', async () => {
    const list = await call(app, 'GET', '/api/users', { as: 'admin', query: { q: 'chainadmin@' } });
    const me = list.json().payload.data[0];
    const body = {
      name: me.name,
      email: me.email,
      phone_no: me.phone_no,
      role: 'chain-admin',
      entity_type: 'chain',
      entity_id: me.entities_ids,
    };
    const decimal = await call(app, 'PUT', `/api/users/${me.id}`, {
      as: 'admin',
      payload: { ...body, approval_limit_minor: 100.25 },
    });
    expect(decimal.statusCode).toBe(422);
    expect(decimal.json().errors.approval_limit_minor).toEqual([
      expect.stringContaining('must be a whole number of minor units'),
    ]);
    const own = await call(app, 'PUT', `/api/users/${me.id}`, {
      as: 'chainAdmin',
      payload: { ...body, approval_limit_minor: 99_999_999 },
    });
    // Only an admin sets a chain-admin's limit (a chain-admin manages directors and store managers).
    expect(own.statusCode).toBe(403);
    const byAdmin = await call(app, 'PUT', `/api/users/${me.id}`, {
      as: 'admin',
      payload: { ...body, approval_limit_minor: 5_000_000 },
    });
    expect(byAdmin.json().payload.approval_limit_minor).toBe(5_000_000);
  });

  it('is dropped for roles that approve nothing', async () => {
    const list = await call(app, 'GET', '/api/users', { as: 'admin', query: { q: 'store@' } });
    const store = list.json().payload.data[0];
    const res = await call(app, 'PUT', `/api/users/${store.id}`, {
      as: 'admin',
      payload: {
        name: store.name,
        email: store.email,
        phone_no: store.phone_no,
        role: 'store-manager',
        entity_type: 'store',
        entity_id: store.entities_ids,
        approval_limit_minor: 5000,
      },
    });
    expect(res.json().payload.approval_limit_minor).toBeNull();
  });
});
