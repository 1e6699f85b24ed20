import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';
import { bookCosts, sqlOf } from '../../test/costs.ts';

const app = await createTestApp();
const query = sqlOf(app);

describe("the dashboard's money", () => {
  it('sums the completed orders in scope per currency, and counts the orders over their NTE as the list does', async () => {
    await bookCosts(app, 1, 40_000);
    await bookCosts(app, 2, 7_000);
    await query(`update order_costs set nte_minor = 100 where order_id in (
      select o.id from orders o join order_statuses s on s.id = o.status_id where s.slug = 'completed' and o.chain_id = 1 limit 2)`);
    const [{ n: done1 }] = await query<{ n: number }>(
      `select count(*)::int as n from orders o join order_statuses s on s.id = o.status_id
       where o.chain_id = 1 and s.slug = 'completed'`,
    );
    const mine = (await call(app, 'GET', '/api/dashboard', { as: 'chainAdmin' })).json().payload;
    expect(mine.spend).toHaveLength(1);
    expect(mine.spend[0]).toMatchObject({ currency: 'SEK', total_minor: done1 * 40_000 });
    const byStore = mine.spend[0].by_store.reduce((sum: number, s: { total_minor: number }) => sum + s.total_minor, 0);
    expect(byStore).toBeLessThanOrEqual(done1 * 40_000);
    const list = await call(app, 'GET', '/api/orders', { as: 'chainAdmin', query: { over_nte: 1 } });
    expect(mine.over_nte).toBe(2);
    expect(list.json().payload.total).toBe(mine.over_nte);
    // Admins see both chains' currencies, never added together.
    const all = (await call(app, 'GET', '/api/dashboard', { as: 'admin' })).json().payload;
    expect(all.spend.map((s: { currency: string }) => s.currency)).toEqual(['EUR', 'SEK']);
    // A store manager sees its own store's only.
    const store = (await call(app, 'GET', '/api/dashboard', { as: 'store' })).json().payload;
    expect(store.spend[0]?.by_store.map((s: { store_id: number }) => s.store_id) ?? []).toEqual(
      store.spend.length ? [1] : [],
    );
  });
});
