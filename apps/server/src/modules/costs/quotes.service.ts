import type { Locale } from '@wop/shared/constants';
import type { Quote, QuoteBody, QuoteDecisionBody } from '@wop/shared/costs';
import { formatMoney, lineAmount, sumOf } from '@wop/shared/money';
import { can } from '@wop/shared/roles';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import * as notify from '../notifications/notify.ts';
import { iso } from '../orders/orders.mapping.ts';
import { insertEvents } from '../orders/orders.repository.ts';
import * as repo from './costs.repository.ts';
import { limitOf } from './costs.service.ts';

interface QuoteRow extends Record<string, unknown> {
  id: number;
  order_id: number;
  status: Quote['status'];
  lines: Quote['lines'];
  total_minor: number;
  valid_until: string;
  note: string | null;
  submitted_by: number | null;
  submitted_by_name: string | null;
  escalated: boolean;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Date | string | null;
  decision_comment: string | null;
  created_at: Date | string;
}

async function latestQuote(db: DbOrTx, orderId: number) {
  const { rows } = await db.execute<QuoteRow>(sql`
    select q.id, q.order_id, q.status, q.lines, q.total_minor, q.valid_until::text as valid_until, q.note,
      q.submitted_by, su.name as submitted_by_name, q.escalated, q.decided_by, du.name as decided_by_name,
      q.decided_at, q.decision_comment, q.created_at
    from quotes q left join users su on su.id = q.submitted_by left join users du on du.id = q.decided_by
    where q.order_id = ${orderId} order by q.id desc limit 1`);
  return rows[0];
}

const person = (id: number | null, name: string | null) => (id && name ? { id, name } : null);

/** Today in the app's time zone, as `YYYY-MM-DD` (a quote is valid through its `valid_until` day). */
const today = (timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());

/** May `user` approve a quote of `total` now: an approver within its limit (an escalated one: chain-admins). */
async function mayApprove(db: DbOrTx, user: AuthUser, row: QuoteRow) {
  if (!can(user.role, 'quote:decide') || row.status !== 'submitted') return false;
  if (row.escalated && user.role === 'regional-director') return false;
  return row.total_minor <= (await limitOf(db, user));
}

export function createQuotesService(db: Db, timeZone = 'Europe/Stockholm') {
  async function toQuote(user: AuthUser, row: QuoteRow, currency: Quote['currency']): Promise<Quote> {
    return {
      id: row.id,
      order_id: row.order_id,
      status: row.status,
      lines: row.lines,
      total_minor: row.total_minor,
      currency,
      valid_until: row.valid_until,
      note: row.note,
      submitted_by: person(row.submitted_by, row.submitted_by_name),
      created_at: iso(row.created_at) as string,
      escalated: row.escalated,
      decided_by: person(row.decided_by, row.decided_by_name),
      decided_at: iso(row.decided_at),
      decision_comment: row.decision_comment,
      can_decide: await mayApprove(db, user, row),
    };
  }

  async function visible(tx: DbOrTx, user: AuthUser, orderId: number, lock = false) {
    const state = await repo.orderCosts(tx, orderId, ordersInScope(scopeOf(user)), lock);
    if (!state) throw new NotFoundError('orders.not_found');
    return state;
  }

  /** The latest quote of an order in scope, or null. */
  async function latest(user: AuthUser, orderId: number) {
    const state = await visible(db, user, orderId);
    const row = await latestQuote(db, orderId);
    return row ? toQuote(user, row, state.currency) : null;
  }

  return {
    latest,

    async get(user: AuthUser, orderId: number) {
      const quote = await latest(user, orderId);
      if (!quote) throw new NotFoundError('quotes.not_found');
      return quote;
    },

    /**
     * The order's technician (or an admin) quotes the work: lines priced as cost lines, valid through a
     * day. It goes to the region's directors whose limit covers it, or, above all of theirs, to the
     * chain's chain-admins (escalated). One open quote per order.
     */
    async submit(user: AuthUser, orderId: number, body: QuoteBody) {
      if (body.valid_until < today(timeZone)) throw ValidationError.field('valid_until', 'quotes.valid_until_past');
      await db.transaction(async (tx) => {
        const state = await visible(tx, user, orderId, true);
        if (state.invoice_id !== null) throw new ConflictError('costs.invoiced');
        if (state.quote_status === 'submitted') throw new ConflictError('quotes.already_open');
        const lines = body.lines.map((line) => ({
          ...line,
          amount_minor: lineAmount(line.quantity_milli, line.unit_price_minor),
        }));
        const totalMinor = sumOf(lines.map((line) => line.amount_minor));
        const escalated = !(await notify.directorMayApprove(tx, orderId, totalMinor));
        await tx.execute(sql`
          insert into quotes (order_id, lines, total_minor, valid_until, note, submitted_by, escalated)
          values (${orderId}, ${JSON.stringify(lines)}::jsonb, ${totalMinor}, ${body.valid_until}, ${body.note},
            ${user.id}, ${escalated})`);
        await tx.execute(sql`update order_costs set quote_status = 'submitted' where order_id = ${orderId}`);
        await insertEvents(tx, orderId, user, [{ field: 'quote', from: state.quote_status, to: 'submitted' }]);
        await notify.quoteSubmitted(tx, user, orderId, { totalMinor, currency: state.currency, escalated });
      });
      return this.get(user, orderId);
    },

    /**
     * An approver in scope decides the open quote. Approving needs a limit that covers its total (an
     * escalated quote: a chain-admin's) and a quote still valid; it raises the NTE to the quote's total.
     * Rejecting needs a comment; any approver in scope may reject.
     */
    async decide(user: AuthUser, orderId: number, body: QuoteDecisionBody, locale: Locale) {
      await db.transaction(async (tx) => {
        const state = await visible(tx, user, orderId, true);
        const row = await latestQuote(tx, orderId);
        if (row?.status !== 'submitted') throw new ConflictError('quotes.none_open');
        if (body.decision === 'approved') {
          if (!(await mayApprove(tx, user, row))) {
            const limit = await limitOf(tx, user);
            const key =
              row.escalated && user.role === 'regional-director'
                ? 'quotes.for_chain_admins'
                : limit > 0
                  ? 'quotes.over_your_limit'
                  : 'quotes.no_limit';
            throw new ForbiddenError(key, { limit: limit > 0 ? formatMoney(limit, state.currency, locale) : '' });
          }
          if (row.valid_until < today(timeZone)) throw new ConflictError('quotes.expired');
        }
        await tx.execute(sql`
          update quotes set status = ${body.decision}, decided_by = ${user.id}, decided_at = now(),
            decision_comment = ${body.comment}
          where id = ${row.id}`);
        const nte = body.decision === 'approved' ? Math.max(state.nte_minor, row.total_minor) : state.nte_minor;
        await tx.execute(sql`
          update order_costs set quote_status = ${body.decision}, nte_minor = ${nte} where order_id = ${orderId}`);
        await insertEvents(tx, orderId, user, [
          { field: 'quote', from: 'submitted', to: body.decision },
          ...(nte !== state.nte_minor ? [{ field: 'nte_minor', from: String(state.nte_minor), to: String(nte) }] : []),
        ]);
        await notify.quoteDecided(tx, user, orderId, {
          totalMinor: row.total_minor,
          currency: state.currency,
          decision: body.decision,
          submittedBy: row.submitted_by,
        });
      });
      return this.get(user, orderId);
    },
  };
}
