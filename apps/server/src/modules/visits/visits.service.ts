import { COMPLETED_STATUS, type Locale } from '@wop/shared/constants';
import {
  type CheckInBody,
  type CheckOutBody,
  type CorrectVisitBody,
  VISIT_AUTO_CLOSE_HOURS,
  VISIT_LATE_GRACE_SECONDS,
  VISIT_LATE_HOURS,
  type Visit,
  type VisitFlag,
  type VisitListQuery,
  type VisitOutcome,
} from '@wop/shared/visits';
import type { Db, DbOrTx } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { ConflictError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import { addVisitLabour, repriceVisitLabour } from '../costs/costs.service.ts';
import * as notify from '../notifications/notify.ts';
import { iso, userOf } from '../orders/orders.mapping.ts';
import * as orders from '../orders/orders.repository.ts';
import { distanceM } from './visits.geo.ts';
import * as repo from './visits.repository.ts';

const FLAG_COLUMNS: [VisitFlag, keyof repo.VisitFields][] = [
  ['off_site', 'off_site'],
  ['no_position', 'no_position'],
  ['late_check_in', 'late_check_in'],
  ['late_check_out', 'late_check_out'],
  ['auto_closed', 'auto_closed'],
  ['corrected', 'corrected'],
];

export function toVisit(row: repo.VisitFields): Visit {
  const checkedIn = iso(row.checked_in_at) as string;
  const checkedOut = iso(row.checked_out_at);
  return {
    id: row.id,
    order_id: row.order_id,
    technician: userOf(row.technician_id, row.technician_name),
    checked_in_at: checkedIn,
    checked_out_at: checkedOut,
    minutes: checkedOut ? Math.round((Date.parse(checkedOut) - Date.parse(checkedIn)) / 60_000) : null,
    lat: row.lat,
    lng: row.lng,
    accuracy_m: row.accuracy_m,
    distance_m: row.distance_m,
    outcome: row.outcome as VisitOutcome | null,
    note: row.note,
    flags: FLAG_COLUMNS.filter(([, column]) => row[column]).map(([flag]) => flag),
    confirmed_at: iso(row.confirmed_at),
    confirmed_by: userOf(row.confirmed_by, row.confirmed_by_name),
  };
}

/**
 * When a check-in or check-out happened: now, or the phone's time of one kept offline (up to
 * VISIT_LATE_HOURS back, then refused). `late` when that time is more than the grace before now.
 */
function happenedAt(at: string | undefined, now: Date) {
  if (at === undefined) return { time: now, late: false };
  const time = new Date(at);
  const ahead = time.getTime() - now.getTime();
  if (ahead > VISIT_LATE_GRACE_SECONDS * 1000) throw ValidationError.field('at', 'visits.in_future');
  if (-ahead > VISIT_LATE_HOURS * 3600_000) throw ValidationError.field('at', 'visits.too_late');
  // A phone clock slightly ahead: the server's time.
  if (ahead > 0) return { time: now, late: false };
  return { time, late: -ahead > VISIT_LATE_GRACE_SECONDS * 1000 };
}

/**
 * A visit just closed: its labour (the minutes it added to the order's time on site, so overlapping
 * visits are not paid twice) and its call-out fee become cost lines of the order, once per visit.
 */
/** The texts of a visit's cost lines, in the chain's language. */
const lineTexts = (locale: Locale) => ({
  labour: translate(locale, 'costs.visit_labour'),
  callout: translate(locale, 'costs.visit_callout'),
});

/** Minutes as the history shows a visit's labour: `1:05`. */
const hoursMinutes = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

async function chargeVisit(
  tx: DbOrTx,
  visit: { orderId: number; visitId: number; technicianId: number | null },
  minutesBefore: number,
) {
  const locale = await repo.chainLocaleOf(tx, visit.orderId);
  await addVisitLabour(
    tx,
    { ...visit, minutes: Math.max(0, (await minutesOf(tx, visit.orderId)) - minutesBefore) },
    lineTexts(locale),
  );
}

const minutesOf = async (tx: DbOrTx, orderId: number) => (await repo.minutesOnSite(tx, [orderId])).get(orderId) ?? 0;

/** A history entry's text of a visit's times: `in – out` (ISO; the reader's app shows them in its zone). */
const span = (checkedIn: Date, checkedOut: Date | null) =>
  `${checkedIn.toISOString()} – ${checkedOut ? checkedOut.toISOString() : ''}`;

/**
 * Site visits (api-contract "Site visits"). Every write locks the order's row first, so writes to
 * one order's visits happen one after the other (one open visit per technician and order).
 */
export function createVisitsService(db: Db, now: () => Date = () => new Date()) {
  async function lockOrder(tx: DbOrTx, user: AuthUser, orderId: number) {
    const order = await repo.lockOrderRow(tx, orderId, ordersInScope(scopeOf(user)));
    if (!order) throw new NotFoundError('orders.not_found');
    return order;
  }

  async function answer(on: DbOrTx, orderId: number, visitId: number) {
    return toVisit(await repo.findVisit(on, orderId, visitId));
  }

  async function list(user: AuthUser, query: VisitListQuery) {
    const { rows, total } = await repo.listVisits(db, query, ordersInScope(scopeOf(user)));
    return pageOf(rows.map(toVisit), total, query);
  }

  return {
    list,

    async listOfOrder(user: AuthUser, orderId: number, query: VisitListQuery) {
      if (!(await orders.orderExists(db, orderId, ordersInScope(scopeOf(user))))) {
        throw new NotFoundError('orders.not_found');
      }
      return list(user, { ...query, order_id: orderId });
    },

    /** Accepted with or without a position; flagged `no_position`, or `off_site` beyond the chain's radius. */
    async checkIn(user: AuthUser, orderId: number, body: CheckInBody) {
      return db.transaction(async (tx) => {
        // The hot path (issue #40): one statement reads and locks, one writes the visit and tells.
        const order = await repo.lockForCheckIn(tx, orderId, user.id, ordersInScope(scopeOf(user)));
        if (!order) throw new NotFoundError('orders.not_found');
        if (order.status === COMPLETED_STATUS) throw new ConflictError('visits.order_completed');
        if (order.open) throw new ConflictError('visits.already_open');
        const { time, late } = happenedAt(body.at, now());
        if (time < order.createdAt) throw ValidationError.field('at', 'visits.before_order');
        const position = body.lat !== undefined && body.lng !== undefined ? { lat: body.lat, lng: body.lng } : null;
        const distance =
          position && order.lat !== null && order.lng !== null
            ? distanceM(position, { lat: order.lat, lng: order.lng })
            : null;
        const written = {
          checked_in_at: time,
          lat: position?.lat ?? null,
          lng: position?.lng ?? null,
          accuracy_m: position ? (body.accuracy_m ?? null) : null,
          distance_m: distance === null ? null : Math.round(distance),
          off_site: distance !== null && distance > order.radius_m,
          no_position: position === null,
          late_check_in: late,
        };
        const visit = {
          orderId,
          technicianId: user.id,
          checkedInAt: written.checked_in_at,
          lat: written.lat,
          lng: written.lng,
          accuracyM: written.accuracy_m,
          distanceM: written.distance_m,
          offSite: written.off_site,
          noPosition: written.no_position,
          lateCheckIn: written.late_check_in,
        };
        const id = await notify
          .visitCheckedIn(tx, user, orderId, repo.checkInCtes(visit, user.apiKeyId ?? null))
          .catch((error: unknown) => {
            // Another check-in of the technician's committed while this one waited for the order's lock.
            throw isUniqueViolation(error, repo.OPEN_VISIT_INDEX) ? new ConflictError('visits.already_open') : error;
          });
        // The answer from what was written (no read back: a check-in is the hot path).
        return toVisit({
          ...written,
          id,
          order_id: orderId,
          technician_id: user.id,
          technician_name: user.name,
          checked_out_at: null,
          outcome: null,
          note: null,
          late_check_out: false,
          auto_closed: false,
          corrected: false,
          confirmed_at: null,
          confirmed_by: null,
          confirmed_by_name: null,
        });
      });
    },

    async checkOut(user: AuthUser, orderId: number, body: CheckOutBody) {
      return db.transaction(async (tx) => {
        await lockOrder(tx, user, orderId);
        const open = await repo.lockOpenVisit(tx, orderId, user.id);
        if (!open) throw new ConflictError('visits.not_checked_in');
        const { time, late } = happenedAt(body.at, now());
        if (time < new Date(open.checked_in_at)) throw ValidationError.field('at', 'visits.before_check_in');
        const before = await minutesOf(tx, orderId);
        await repo.updateVisit(tx, open.id, {
          checkedOutAt: time,
          outcome: body.outcome,
          note: body.note ?? null,
          lateCheckOut: late,
        });
        await orders.insertEvents(tx, orderId, user, [{ field: 'check_out', from: null, to: body.outcome }]);
        await chargeVisit(tx, { orderId, visitId: open.id, technicianId: user.id }, before);
        await notify.visitCheckedOut(tx, orderId, open.id);
        return answer(tx, orderId, open.id);
      });
    },

    /** The store confirms that the technician came. */
    async confirm(user: AuthUser, orderId: number, visitId: number) {
      return db.transaction(async (tx) => {
        await lockOrder(tx, user, orderId);
        const visit = await repo.lockVisit(tx, orderId, visitId);
        if (!visit) throw new NotFoundError('visits.not_found');
        if (visit.confirmedAt) throw new ConflictError('visits.already_confirmed');
        await repo.updateVisit(tx, visitId, { confirmedAt: now(), confirmedBy: user.id });
        await orders.insertEvents(tx, orderId, user, [
          { field: 'visit_confirmed', from: null, to: visit.checkedInAt.toISOString() },
        ]);
        await notify.visitChanged(tx, orderId);
        return answer(tx, orderId, visitId);
      });
    },

    /** An admin's correction of a visit's times, outcome and note; the order's history keeps the old and new times. */
    async correct(user: AuthUser, orderId: number, visitId: number, body: CorrectVisitBody) {
      return db.transaction(async (tx) => {
        await lockOrder(tx, user, orderId);
        const visit = await repo.lockVisit(tx, orderId, visitId);
        if (!visit) throw new NotFoundError('visits.not_found');
        const checkedIn = new Date(body.checked_in_at);
        const checkedOut = body.checked_out_at === null ? null : new Date(body.checked_out_at);
        const limit = now().getTime() + VISIT_LATE_GRACE_SECONDS * 1000;
        const errors: Record<string, string[]> = {};
        if (checkedIn.getTime() > limit) errors.checked_in_at = ['visits.in_future'];
        if (checkedOut && checkedOut.getTime() > limit) errors.checked_out_at = ['visits.in_future'];
        else if (checkedOut && checkedOut < checkedIn) errors.checked_out_at = ['visits.before_check_in'];
        if (Object.keys(errors).length) throw new ValidationError(errors);
        if (checkedOut === null && visit.checkedOutAt !== null && visit.technicianId !== null) {
          if (await repo.lockOpenVisit(tx, orderId, visit.technicianId)) throw new ConflictError('visits.already_open');
        }
        const outcome = body.outcome === undefined ? visit.outcome : body.outcome;
        const note = body.note === undefined ? visit.note : body.note;
        await repo.updateVisit(tx, visitId, {
          checkedInAt: checkedIn,
          checkedOutAt: checkedOut,
          outcome,
          note,
          corrected: true,
        });
        const events = [];
        const before = span(visit.checkedInAt, visit.checkedOutAt);
        const after = span(checkedIn, checkedOut);
        if (before !== after) events.push({ field: 'visit', from: before, to: after });
        if (outcome !== visit.outcome) events.push({ field: 'visit_outcome', from: visit.outcome, to: outcome });
        // Other times, other labour: the order's visit labour priced again, and the history says by how much.
        const locale = await repo.chainLocaleOf(tx, orderId);
        const priced = await repriceVisitLabour(tx, orderId, await repo.minutesByVisit(tx, orderId), lineTexts(locale));
        if (priced && priced.before !== priced.after) {
          events.push({ field: 'visit_labour', from: hoursMinutes(priced.before), to: hoursMinutes(priced.after) });
        }
        await orders.insertEvents(tx, orderId, user, events);
        await notify.visitChanged(tx, orderId);
        return answer(tx, orderId, visitId);
      });
    },
  };
}

export type VisitsService = ReturnType<typeof createVisitsService>;

/** Merged time on site in minutes per order (closed visits; overlaps count once): what the order's cost reads. */
export const timeOnSiteMinutes = (db: DbOrTx, orderIds: number[]) => repo.minutesOnSite(db, orderIds);

const SWEEP_BATCH = 100;

/**
 * Closes the visits left open VISIT_AUTO_CLOSE_HOURS (at check-in + those hours, flagged, in the
 * history, the technician told), then erases the positions of visits checked out more than
 * `positionDays` ago. Safe to run on every instance at once: each visit is closed exactly once.
 */
export async function sweepVisits(db: Db, now: Date, positionDays: number) {
  let closed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await repo.closeStale(tx, now, VISIT_AUTO_CLOSE_HOURS, SWEEP_BATCH);
      for (const row of rows) {
        await chargeVisit(
          tx,
          { orderId: row.order_id, visitId: row.id, technicianId: row.technician_id },
          row.minutes_before,
        );
        await orders.insertEvents(tx, row.order_id, null, [{ field: 'check_out', from: null, to: 'auto_closed' }]);
        await notify.visitAutoClosed(tx, row.order_id, row.id, row.technician_id);
      }
      return rows.length;
    });
    closed += batch;
    if (batch < SWEEP_BATCH) break;
  }
  const erased = await db.transaction((tx) => repo.erasePositions(tx, now, positionDays));
  return { closed, erased };
}
