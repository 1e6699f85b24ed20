import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { instant, timestamps } from './columns.ts';
import { orderId } from './orders.ts';
import { userRef } from './users.ts';

/**
 * A technician's visit to an order's store: check-in to check-out. The position of the check-in is
 * the only position the portal keeps (never a trail), and it is erased once the visit is old
 * (VISIT_POSITION_DAYS); the distance and the flags stay.
 */
export const siteVisits = pgTable(
  'site_visits',
  {
    id: serial('id').primaryKey(),
    orderId: orderId(),
    technicianId: userRef('technician_id'),
    checkedInAt: instant('checked_in_at').notNull(),
    checkedOutAt: instant('checked_out_at'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    accuracyM: integer('accuracy_m'),
    /** From the store's position at check-in; null without either position. */
    distanceM: integer('distance_m'),
    /** `done`, `follow_up`, `parts` or `quote`, given at check-out. */
    outcome: varchar('outcome', { length: 16 }),
    note: text('note'),
    offSite: boolean('off_site').notNull().default(false),
    noPosition: boolean('no_position').notNull().default(false),
    /** Sent from the phone later than it happened (no network): the time is the phone's. */
    lateCheckIn: boolean('late_check_in').notNull().default(false),
    lateCheckOut: boolean('late_check_out').notNull().default(false),
    /** Left open 12 h: the server closed it. */
    autoClosed: boolean('auto_closed').notNull().default(false),
    /** An admin changed its times or outcome (the order's history says how). */
    corrected: boolean('corrected').notNull().default(false),
    /** The store confirmed the technician's arrival. */
    confirmedAt: instant('confirmed_at'),
    confirmedBy: userRef('confirmed_by'),
    /** When the position was erased (VISIT_POSITION_DAYS after the check-out). */
    positionErasedAt: instant('position_erased_at'),
    ...timestamps(),
  },
  (t) => [
    // One open visit per technician and order, however many requests race.
    uniqueIndex('site_visits_open_idx').on(t.orderId, t.technicianId).where(sql`${t.checkedOutAt} is null`),
    index('site_visits_order_idx').on(t.orderId, t.checkedInAt),
    index('site_visits_technician_idx').on(t.technicianId, t.checkedInAt),
    // What the sweep closes (open visits by age) and erases (positions of old visits).
    index('site_visits_open_since_idx').on(t.checkedInAt).where(sql`${t.checkedOutAt} is null`),
    index('site_visits_positioned_idx').on(t.checkedOutAt).where(sql`${t.lat} is not null`),
    check('site_visits_times_check', sql`${t.checkedOutAt} is null or ${t.checkedOutAt} >= ${t.checkedInAt}`),
    check(
      'site_visits_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in ('done', 'follow_up', 'parts', 'quote')`,
    ),
  ],
);
