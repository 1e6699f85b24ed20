import { expect } from 'vitest';
import type { App } from '../app.ts';
import { call, multipart } from './app.ts';

/** The demo technician's user id (tech@example.com). */
export const DEMO_TECH = 6;

/** A new priority-20 order of demo store 1 (chain 1, region 1), reported by its store manager. */
export async function storeOrder(app: App, description: string) {
  const body = multipart({ description, worktype_id: 3, priority: 20, store_id: 1 });
  const created = await call(app, 'POST', '/api/orders', { as: 'store', payload: body.payload, headers: body.headers });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().payload as { id: number; project_number: number };
}

/**
 * A new order of demo store 1 (storeOrder), then approved and assigned to the demo technician by an
 * admin: an order the technician works on.
 */
export async function techOrder(app: App, description = 'Frysdisken tappar kyla.') {
  const { id } = await storeOrder(app, description);
  const assigned = await call(app, 'PUT', `/api/orders/${id}`, {
    as: 'admin',
    payload: { technician_id: DEMO_TECH, approval_status: 'approved' },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return id;
}
