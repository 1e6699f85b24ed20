import type { Locale } from '@wop/shared/constants';
import type { CostLine, CostLineBody, OrderCosts } from '@wop/shared/costs';
import { formatMoney, lineAmount, minutesToQuantityMilli } from '@wop/shared/money';
import { can } from '@wop/shared/roles';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import * as notify from '../notifications/notify.ts';
import { costFieldsOf, iso, userOf } from '../orders/orders.mapping.ts';
import { insertEvents } from '../orders/orders.repository.ts';
import * as repo from './costs.repository.ts';

export const toCostLine = (row: repo.CostLineRow): CostLine => ({
  id: row.id,
  order_id: row.order_id,
  kind: row.kind,
  description: row.description,
  quantity_milli: row.quantity_milli,
  unit_price_minor: row.unit_price_minor,
  amount_minor: row.amount_minor,
  visit_id: row.visit_id,
  created_by: userOf(row.created_by, row.created_by_name),
  created_at: iso(row.created_at) as string,
  updated_at: iso(row.updated_at) as string,
});

const totalOf = (state: repo.OrderCostState) => costFieldsOf(state).cost.total;

/**
 * The order's costs in scope, locked for a write, or 404; an invoiced order's lines are closed (409):
 * the invoice would no longer match them.
 */
async function writable(tx: DbOrTx, user: AuthUser, orderId: number) {
  const state = await repo.orderCosts(tx, orderId, ordersInScope(scopeOf(user)), true);
  if (!state) throw new NotFoundError('orders.not_found');
  if (state.invoice_id !== null) throw new ConflictError('costs.invoiced');
  return state;
}

/**
 * A line that takes the total past the not-to-exceed limit is refused unless a quote raised the
 * limit first: the message says by how much, and what to do.
 */
function checkNte(state: repo.OrderCostState, newTotal: number, locale: Locale) {
  if (newTotal <= state.nte_minor || newTotal <= totalOf(state)) return;
  const money = (minor: number) => formatMoney(minor, state.currency, locale);
  throw new ConflictError(
    'costs.nte_exceeded',
    { total: money(newTotal), nte: money(state.nte_minor) },
    'nte_exceeded',
  );
}

const values = (body: CostLineBody) => ({
  kind: body.kind,
  description: body.description,
  quantityMilli: body.quantity_milli,
  unitPriceMinor: body.unit_price_minor,
  amountMinor: lineAmount(body.quantity_milli, body.unit_price_minor),
});

/**
 * A closed site visit's labour (its minutes at the chain's hourly rate) and call-out fee, added to
 * its order through the one way lines are written, in the visit's transaction. Each visit adds each
 * line once (a second call for the same visit adds nothing). The NTE does not stop it: the work was
 * done; the order then shows over its limit (and in the dashboard's "over NTE"). Lines at 0 (a chain
 * without a rate or a fee) are not written. Returns the ids of the lines written.
 */
export async function addVisitLabour(
  tx: DbOrTx,
  visit: { orderId: number; visitId: number; minutes: number; technicianId: number | null },
  texts: { labour: string; callout: string },
) {
  const state = await repo.orderCosts(tx, visit.orderId, undefined, true);
  if (!state || state.invoice_id !== null) return [];
  const lines = [
    {
      kind: 'labour',
      description: texts.labour,
      quantityMilli: minutesToQuantityMilli(Math.max(0, visit.minutes)),
      unitPriceMinor: state.hourly_rate_minor,
    },
    { kind: 'callout', description: texts.callout, quantityMilli: 1000, unitPriceMinor: state.callout_fee_minor },
  ];
  const ids: number[] = [];
  for (const line of lines) {
    const amountMinor = lineAmount(line.quantityMilli, line.unitPriceMinor);
    if (amountMinor === 0) continue;
    const id = await repo.insertLine(tx, {
      ...line,
      orderId: visit.orderId,
      amountMinor,
      visitId: visit.visitId,
      createdBy: visit.technicianId,
    });
    if (id !== undefined) ids.push(id);
  }
  if (ids.length) await notify.costsChanged(tx, visit.orderId);
  return ids;
}

/**
 * After an admin corrected a visit: each closed visit's labour line again, at its own rate, from
 * `minutesByVisit` (what each adds to the order's time on site, overlaps once). A closed visit without
 * a labour line (it was open before, or added no minutes) gets its labour, and its call-out when it
 * has none, as at a check-out; a visit open again keeps no labour. Nothing changes on an invoiced order. Answers the visits' labour minutes before and after
 * (equal when nothing changed).
 */
export async function repriceVisitLabour(
  tx: DbOrTx,
  orderId: number,
  minutesByVisit: Map<number, { minutes: number; technicianId: number | null }>,
  texts: { labour: string; callout: string },
) {
  const state = await repo.orderCosts(tx, orderId, undefined, true);
  if (!state || state.invoice_id !== null) return null;
  const lines = (await repo.costLines(tx, orderId)).filter((line) => line.visit_id !== null);
  const labour = lines.filter((line) => line.kind === 'labour');
  const minutesOf = (quantityMilli: number) => Math.round((quantityMilli * 60) / 1000);
  const before = labour.reduce((sum, line) => sum + minutesOf(line.quantity_milli), 0);
  let changed = false;
  for (const line of labour) {
    const minutes = minutesByVisit.get(line.visit_id as number)?.minutes ?? 0;
    const quantityMilli = minutesToQuantityMilli(minutes);
    if (quantityMilli === line.quantity_milli) continue;
    if (quantityMilli === 0) await repo.deleteLine(tx, line);
    else {
      const amountMinor = lineAmount(quantityMilli, line.unit_price_minor);
      await repo.updateLine(tx, line, { ...line, quantityMilli, unitPriceMinor: line.unit_price_minor, amountMinor });
    }
    changed = true;
  }
  for (const [visitId, visit] of minutesByVisit) {
    if (labour.some((line) => line.visit_id === visitId)) continue;
    // Its call-out, if it has one already, stays as it is (each visit adds each kind once).
    const ids = await addVisitLabour(tx, { orderId, visitId, ...visit }, texts);
    if (ids.length) changed = true;
  }
  if (changed) await notify.costsChanged(tx, orderId);
  const after = (await repo.costLines(tx, orderId))
    .filter((line) => line.visit_id !== null && line.kind === 'labour')
    .reduce((sum, line) => sum + minutesOf(line.quantity_milli), 0);
  return { before, after };
}

export function createCostsService(db: Db) {
  async function answer(user: AuthUser, orderId: number, quote: OrderCosts['quote'] = null): Promise<OrderCosts> {
    const state = await repo.orderCosts(db, orderId, ordersInScope(scopeOf(user)));
    if (!state) throw new NotFoundError('orders.not_found');
    const lines = await repo.costLines(db, orderId);
    return {
      ...costFieldsOf(state),
      lines: lines.map(toCostLine),
      quote,
      can_edit: can(user.role, 'cost:manage') && state.invoice_id === null,
    };
  }

  async function lineOf(tx: DbOrTx, orderId: number, lineId: number) {
    const line = await repo.costLine(tx, orderId, lineId);
    if (!line) throw new NotFoundError('costs.line_not_found');
    return line;
  }

  return {
    answer,

    async add(user: AuthUser, orderId: number, body: CostLineBody, locale: Locale) {
      const id = await db.transaction(async (tx) => {
        const state = await writable(tx, user, orderId);
        const line = values(body);
        checkNte(state, totalOf(state) + line.amountMinor, locale);
        const lineId = (await repo.insertLine(tx, { ...line, orderId, visitId: null, createdBy: user.id })) as number;
        await notify.costsChanged(tx, orderId);
        return lineId;
      });
      return toCostLine(await lineOf(db, orderId, id));
    },

    async update(user: AuthUser, orderId: number, lineId: number, body: CostLineBody, locale: Locale) {
      await db.transaction(async (tx) => {
        const state = await writable(tx, user, orderId);
        const before = await lineOf(tx, orderId, lineId);
        // A visit's lines are the visit's record: an admin corrects the visit, not its lines.
        if (before.visit_id !== null) throw new ConflictError('costs.visit_line');
        const line = values(body);
        checkNte(state, totalOf(state) - before.amount_minor + line.amountMinor, locale);
        await repo.updateLine(tx, before, line);
        await notify.costsChanged(tx, orderId);
      });
      return toCostLine(await lineOf(db, orderId, lineId));
    },

    async remove(user: AuthUser, orderId: number, lineId: number) {
      await db.transaction(async (tx) => {
        await writable(tx, user, orderId);
        const before = await lineOf(tx, orderId, lineId);
        if (before.visit_id !== null) throw new ConflictError('costs.visit_line');
        await repo.deleteLine(tx, before);
        await notify.costsChanged(tx, orderId);
      });
    },

    /**
     * An admin sets any NTE; an approver in scope up to its approval limit (chain-admins without one
     * have none, directors without one may not raise it). Never below the cost already booked.
     */
    async setNte(user: AuthUser, orderId: number, nteMinor: number) {
      await db.transaction(async (tx) => {
        const state = await repo.orderCosts(tx, orderId, ordersInScope(scopeOf(user)), true);
        if (!state) throw new NotFoundError('orders.not_found');
        if (nteMinor < totalOf(state)) throw ValidationError.field('nte_minor', 'costs.nte_below_cost');
        if (nteMinor > (await limitOf(tx, user))) throw ValidationError.field('nte_minor', 'costs.over_your_limit');
        if (nteMinor === state.nte_minor) return;
        await repo.setNte(tx, orderId, nteMinor);
        await insertEvents(tx, orderId, user, [
          { field: 'nte_minor', from: String(state.nte_minor), to: String(nteMinor) },
        ]);
        await notify.costsChanged(tx, orderId);
      });
      return answer(user, orderId);
    },
  };
}

/** The highest amount a user approves: admins any; chain-admins their limit or any; directors their limit or 0. */
export async function limitOf(db: DbOrTx, user: AuthUser) {
  if (user.role === 'super-admin' || user.role === 'admin') return Number.POSITIVE_INFINITY;
  if (user.role !== 'chain-admin' && user.role !== 'regional-director') return 0;
  const own = await repo.approvalLimitOf(db, user.id);
  return own ?? (user.role === 'chain-admin' ? Number.POSITIVE_INFINITY : 0);
}
