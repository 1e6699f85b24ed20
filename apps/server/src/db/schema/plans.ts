import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { assets } from './assets.ts';
import { createdAt, day, instant, timestamps, version } from './columns.ts';
import { orders } from './orders.ts';
import { chainRef, storeRef } from './org.ts';
import { priorityRef, workTypeRef } from './reference.ts';
import { userRef } from './users.ts';

/**
 * Planned maintenance (api-contract "Third wave", "Planned maintenance"): a rule that gives days, and
 * the stores or assets of one chain it is for. The generator turns each day into one order per
 * target `lead_days` before it. `generated_until` is the last day whose occurrences are handled (on
 * creation: yesterday, so a plan that started in the past gives nothing before today); `next_run_at`
 * the instant the next occurrence after it is due to be generated (null: nothing more to generate).
 */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    chainId: chainRef('cascade'),
    title: varchar('title', { length: 120 }).notNull(),
    description: text('description'),
    workTypeId: workTypeRef('restrict'),
    priority: priorityRef(),
    /** `stores` or `assets`: what the plan's targets are. */
    targetKind: varchar('target_kind', { length: 8 }).notNull(),
    freq: varchar('freq', { length: 8 }).notNull(),
    interval: integer('interval').notNull(),
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    monthDay: integer('month_day'),
    month: integer('month'),
    startsOn: day('starts_on').notNull(),
    endsOn: day('ends_on'),
    leadDays: integer('lead_days').notNull(),
    ifPreviousOpen: varchar('if_previous_open', { length: 8 }).notNull(),
    active: boolean('active').notNull().default(true),
    generatedUntil: day('generated_until').notNull(),
    nextRunAt: instant('next_run_at'),
    createdBy: userRef('created_by'),
    /** Optimistic concurrency: +1 on every write through Drizzle. */
    version: version('plans'),
    ...timestamps(),
  },
  (t) => [
    check('plans_target_kind_check', sql`${t.targetKind} in ('stores', 'assets')`),
    check('plans_freq_check', sql`${t.freq} in ('weekly', 'monthly', 'yearly')`),
    check('plans_if_previous_open_check', sql`${t.ifPreviousOpen} in ('skip', 'create')`),
    index('plans_chain_idx').on(t.chainId, t.id),
    // What the generator looks for every minute: active plans with an occurrence due.
    index('plans_due_idx').on(t.nextRunAt).where(sql`${t.active} and ${t.nextRunAt} is not null`),
  ],
);

/** A plan's stores or assets; `store_id` is the target's store (an asset's store), for scope and orders. */
export const planTargets = pgTable(
  'plan_targets',
  {
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** The store's id (a store plan) or the asset's (an asset plan). */
    targetId: integer('target_id').notNull(),
    storeId: storeRef('cascade'),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.targetId] }), index('plan_targets_store_idx').on(t.storeId)],
);

/**
 * What became of each occurrence: `generated` (with its order) or `skipped` (the previous order was
 * still open). The unique key (plan, target, day) is what makes an occurrence happen once, whatever the
 * number of generators: the order is written in the same transaction as the row that claims its key.
 */
export const planOccurrences = pgTable(
  'plan_occurrences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    targetKind: varchar('target_kind', { length: 8 }).notNull(),
    targetId: integer('target_id').notNull(),
    storeId: storeRef('cascade'),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    day: day('day').notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** A skipped occurrence: the order still open that it was skipped for. */
    openOrderId: integer('open_order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('plan_occurrences_status_check', sql`${t.status} in ('generated', 'skipped')`),
    uniqueIndex('plan_occurrences_key').on(t.planId, t.targetKind, t.targetId, t.day),
    index('plan_occurrences_store_day_idx').on(t.storeId, t.day),
    index('plan_occurrences_day_idx').on(t.day),
    index('plan_occurrences_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    // Deleting an order sets its skipped occurrences' open_order_id to null: found here, not by a scan.
    index('plan_occurrences_open_order_idx').on(t.openOrderId).where(sql`${t.openOrderId} is not null`),
  ],
);
