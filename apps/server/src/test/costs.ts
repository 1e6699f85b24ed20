import type { App } from '../app.ts';

/** Runs one SQL statement on the app's database and answers its rows. */
export const sqlOf =
  (app: App) =>
  async <T>(text: string, values: unknown[] = []) =>
    (await app.database.pool.query(text, values)).rows as T[];

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** An invoicing period in which every demo order completed lies (the seed completes some a few days ahead of now). */
export const invoicePeriod = { from: day(-300), to: day(30) };

/**
 * Books `amount` of material on every completed, uninvoiced order of a chain (straight into the tables,
 * as the routes would).
 */
export async function bookCosts(app: App, chainId: number, amount: number) {
  await sqlOf(app)(
    `with done as (
       select o.id from orders o join order_statuses s on s.id = o.status_id
       join order_costs oc on oc.order_id = o.id
       where o.chain_id = $1 and s.slug = 'completed' and oc.invoice_id is null),
     lines as (
       insert into cost_lines (order_id, kind, description, quantity_milli, unit_price_minor, amount_minor)
       select id, 'material', 'Reservdel', 1000, $2::int, $2::int from done returning order_id)
     update order_costs set material_minor = material_minor + $2::int where order_id in (select order_id from lines)`,
    [chainId, amount],
  );
}
