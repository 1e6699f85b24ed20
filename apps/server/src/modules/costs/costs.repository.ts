import { and, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import type { CostColumns } from '../orders/orders.repository.ts';

/** An order's costs row with what the rules read: its chain's money settings and who works on it. */
export interface OrderCostState extends CostColumns, Record<string, unknown> {
  order_id: number;
  project_number: number;
  chain_id: number;
  region_id: number | null;
  technician_id: number | null;
  status: string;
  hourly_rate_minor: number;
  callout_fee_minor: number;
}

/**
 * The costs of an order in scope; `lock` holds its `order_costs` row for the rest of the transaction
 * (not the order's row: a cost line does not change the order, so it never waits for an order's edit).
 */
export async function orderCosts(tx: DbOrTx, orderId: number, scope: SQL | undefined, lock = false) {
  const where = and(sql`${orders.id} = ${orderId}`, scope);
  const { rows } = await tx.execute<OrderCostState>(sql`
    select oc.order_id, oc.nte_minor, oc.labour_minor, oc.callout_minor, oc.material_minor, oc.other_minor,
      oc.quote_status, oc.invoice_id, orders.project_number, orders.chain_id, orders.region_id,
      orders.technician_id, (select slug from order_statuses where id = orders.status_id) as status,
      c.currency, c.hourly_rate_minor, c.callout_fee_minor
    from orders
    join order_costs oc on oc.order_id = orders.id
    join chains c on c.id = orders.chain_id
    where ${where}
    ${lock ? sql`for update of oc` : sql``}`);
  return rows[0];
}

export interface CostLineRow extends Record<string, unknown> {
  id: number;
  order_id: number;
  kind: 'labour' | 'callout' | 'material' | 'other';
  description: string;
  quantity_milli: number;
  unit_price_minor: number;
  amount_minor: number;
  visit_id: number | null;
  created_by: number | null;
  created_by_name: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const lineSelect = sql`
  select l.id, l.order_id, l.kind, l.description, l.quantity_milli, l.unit_price_minor, l.amount_minor,
    l.visit_id, l.created_by, u.name as created_by_name, l.created_at, l.updated_at
  from cost_lines l left join users u on u.id = l.created_by`;

export async function costLines(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<CostLineRow>(sql`${lineSelect} where l.order_id = ${orderId} order by l.id`);
  return rows;
}

export async function costLine(db: DbOrTx, orderId: number, lineId: number) {
  const { rows } = await db.execute<CostLineRow>(sql`${lineSelect} where l.order_id = ${orderId} and l.id = ${lineId}`);
  return rows[0];
}

export interface NewCostLine {
  orderId: number;
  kind: string;
  description: string;
  quantityMilli: number;
  unitPriceMinor: number;
  amountMinor: number;
  visitId: number | null;
  createdBy: number | null;
}

const KIND_COLUMN: Record<string, SQL> = {
  labour: sql.raw('labour_minor'),
  callout: sql.raw('callout_minor'),
  material: sql.raw('material_minor'),
  other: sql.raw('other_minor'),
};

/** Adds `delta` to the order's running total of a kind of line (in the transaction that writes the line). */
async function addToTotal(tx: DbOrTx, orderId: number, kind: string, delta: number) {
  if (delta === 0) return;
  const column = KIND_COLUMN[kind];
  await tx.execute(sql`update order_costs set ${column} = ${column} + ${delta} where order_id = ${orderId}`);
}

/** A new line and the order's totals; with a `visitId`, nothing when that visit's line of the kind exists. */
export async function insertLine(tx: DbOrTx, line: NewCostLine) {
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into cost_lines (order_id, kind, description, quantity_milli, unit_price_minor, amount_minor, visit_id, created_by)
    values (${line.orderId}, ${line.kind}, ${line.description}, ${line.quantityMilli}, ${line.unitPriceMinor},
      ${line.amountMinor}, ${line.visitId}, ${line.createdBy})
    on conflict (visit_id, kind) where visit_id is not null do nothing
    returning id`);
  const id = rows[0]?.id;
  if (id !== undefined) await addToTotal(tx, line.orderId, line.kind, line.amountMinor);
  return id;
}

export async function updateLine(
  tx: DbOrTx,
  before: CostLineRow,
  line: Pick<NewCostLine, 'kind' | 'description' | 'quantityMilli' | 'unitPriceMinor' | 'amountMinor'>,
) {
  await tx.execute(sql`
    update cost_lines set kind = ${line.kind}, description = ${line.description},
      quantity_milli = ${line.quantityMilli}, unit_price_minor = ${line.unitPriceMinor},
      amount_minor = ${line.amountMinor}, updated_at = now()
    where id = ${before.id}`);
  await addToTotal(tx, before.order_id, before.kind, -before.amount_minor);
  await addToTotal(tx, before.order_id, line.kind, line.amountMinor);
}

export async function deleteLine(tx: DbOrTx, before: CostLineRow) {
  await tx.execute(sql`delete from cost_lines where id = ${before.id}`);
  await addToTotal(tx, before.order_id, before.kind, -before.amount_minor);
}

export async function setNte(tx: DbOrTx, orderId: number, nteMinor: number) {
  await tx.execute(sql`update order_costs set nte_minor = ${nteMinor} where order_id = ${orderId}`);
}

/** A user's own approval limit (null: its role's default). */
export async function approvalLimitOf(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ limit: number | null }>(
    sql`select approval_limit_minor as limit from users where id = ${userId}`,
  );
  return rows[0]?.limit ?? null;
}
