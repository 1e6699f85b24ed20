/**
 * Site visits (api-contract "Site visits"): a technician's check-in and check-out at an order's
 * store, checked against the store's position, confirmable by the store.
 */
import { z } from 'zod';
import { VISIT_NOTE_MAX, VISIT_OUTCOMES } from './constants.ts';
import { int4, isoDateTime, optionalDegrees, optionalText } from './primitives.ts';
import { filterId, listQuery, optional, pathId } from './query.ts';
import { v } from './validation.ts';

export type { VisitOutcome } from './constants.ts';

/**
 * What a visit is flagged with: `off_site` (checked in farther than the chain's radius from the
 * store), `no_position` (checked in without a position), `late_check_in`/`late_check_out` (sent from
 * the phone later than it happened), `auto_closed` (left open 12 h), `corrected` (by an admin).
 */
export const VISIT_FLAGS = [
  'off_site',
  'no_position',
  'late_check_in',
  'late_check_out',
  'auto_closed',
  'corrected',
] as const;
export type VisitFlag = (typeof VISIT_FLAGS)[number];

/** A visit still open this long is closed by the server (at check-in + this) and flagged. */
export const VISIT_AUTO_CLOSE_HOURS = 12;
/** A check-in or check-out made offline is accepted this long after it happened. */
export const VISIT_LATE_HOURS = 24;
/** A time from the phone this far from the server's clock counts as sent late (or as the phone's clock). */
export const VISIT_LATE_GRACE_SECONDS = 120;
/** The default of a chain's `visit_radius_m`. */
export const DEFAULT_VISIT_RADIUS_M = 500;

/** When it happened on the phone, if it was kept there while offline (ISO 8601 with offset). */
const happenedAt = optional(isoDateTime());

/** Latitude and longitude are given together or not at all. */
export const bothOrNeither = <T extends { lat?: number; lng?: number }>(body: T, ctx: z.RefinementCtx) => {
  if (body.lat !== undefined && body.lng === undefined)
    ctx.addIssue({ code: 'custom', path: ['lng'], message: v('required') });
  if (body.lng !== undefined && body.lat === undefined)
    ctx.addIssue({ code: 'custom', path: ['lat'], message: v('required') });
};

/** `POST /api/orders/{id}/visits/check-in`: the phone's position when the technician allows it. */
export const checkInBody = z
  .object({
    lat: optionalDegrees(90),
    lng: optionalDegrees(180),
    accuracy_m: optional(int4(0, 100_000)),
    at: happenedAt,
  })
  .superRefine(bothOrNeither);
export type CheckInBody = z.output<typeof checkInBody>;

/** `POST /api/orders/{id}/visits/check-out`: how the visit ended. */
export const checkOutBody = z.object({
  outcome: z.enum(VISIT_OUTCOMES, { error: (issue) => (issue.input === undefined ? v('required') : v('invalid')) }),
  note: optionalText(VISIT_NOTE_MAX),
  at: happenedAt,
});
export type CheckOutBody = z.output<typeof checkOutBody>;

/** `PUT /api/orders/{id}/visits/{visit}`: an admin's correction (recorded in the order's history). */
export const correctVisitBody = z.object({
  checked_in_at: isoDateTime(),
  checked_out_at: z.preprocess((value) => (value === '' ? null : value), isoDateTime().nullable()),
  outcome: z
    .enum(VISIT_OUTCOMES, { error: v('invalid') })
    .nullable()
    .optional(),
  note: optionalText(VISIT_NOTE_MAX),
});
export type CorrectVisitBody = z.output<typeof correctVisitBody>;
export type CorrectVisitInput = z.input<typeof correctVisitBody>;

export const visitParams = z.object({ id: pathId, visit: pathId });

const ts = z.string();

/** A visit as the API answers it; the position only until it is erased (README, "Privacy"). */
export const visitSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  technician: z.object({ id: z.number(), name: z.string() }).nullable(),
  checked_in_at: ts,
  checked_out_at: ts.nullable(),
  minutes: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  accuracy_m: z.number().nullable(),
  distance_m: z.number().nullable(),
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  note: z.string().nullable(),
  flags: z.array(z.enum(VISIT_FLAGS)),
  confirmed_at: ts.nullable(),
  confirmed_by: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type Visit = z.infer<typeof visitSchema>;

export const VISIT_SORTS = ['id', 'checked_in_at', 'checked_out_at'] as const;
/** The visits of one order (newest first by default). */
export const orderVisitsQuery = listQuery(VISIT_SORTS, 'checked_in_at');
/** All visits in scope (their export's query). */
export const visitListQuery = listQuery(VISIT_SORTS, 'checked_in_at').extend({
  chain_id: filterId(),
  region_id: filterId(),
  store_id: filterId(),
  technician_id: filterId(),
  order_id: filterId(),
});
export type VisitListQuery = z.output<typeof visitListQuery>;
