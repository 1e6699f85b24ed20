import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { apiKeys } from './api-keys.ts';
import { assets } from './assets.ts';
import { createdAt, timestamps } from './columns.ts';
import { storedFile } from './files.ts';
import { chains, regions, stores } from './org.ts';
import { userRef, users } from './users.ts';

export const workTypes = pgTable('work_types', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 120 }).notNull().unique(),
  /** English title; per-locale titles live in work_type_translations. */
  title: varchar('title', { length: 120 }).notNull(),
  ...timestamps(),
});

export const workTypeTranslations = pgTable(
  'work_type_translations',
  {
    workTypeId: integer('work_type_id')
      .notNull()
      .references(() => workTypes.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 2 }).notNull(),
    title: varchar('title', { length: 120 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workTypeId, t.locale] })],
);

export const orderStatuses = pgTable('order_statuses', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
  slug: varchar('slug', { length: 100 }).notNull().unique(),
  /** pending, planned, confirmed, revisit-required, completed keep their behaviour. */
  builtin: boolean('builtin').notNull().default(false),
  ...timestamps(),
});

export const priorities = pgTable('priorities', {
  id: integer('id').primaryKey(),
  dueHours: integer('due_hours').notNull(),
  titleEn: varchar('title_en', { length: 120 }).notNull(),
  titleSv: varchar('title_sv', { length: 120 }).notNull(),
  titleFi: varchar('title_fi', { length: 120 }).notNull(),
});

/** Project numbers come from a sequence: unique, increasing, never reused (even after a rollback). */
export const projectNumberSeq = pgSequence('order_project_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    projectNumber: integer('project_number').notNull().unique().default(sql`nextval('order_project_number_seq')`),
    description: text('description').notNull(),
    workTypeId: integer('work_type_id')
      .notNull()
      .references(() => workTypes.id, { onDelete: 'restrict' }),
    priority: integer('priority')
      .notNull()
      .references(() => priorities.id, { onDelete: 'restrict' }),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    createdBy: userRef('created_by'),
    approvalStatus: varchar('approval_status', { length: 16 }).notNull().default('pending'),
    approvalStatusDate: timestamp('approval_status_date', { withTimezone: true, mode: 'date' }),
    statusId: integer('status_id')
      .notNull()
      .references(() => orderStatuses.id, { onDelete: 'restrict' }),
    technicianId: userRef('technician_id'),
    plannedAt: timestamp('planned_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** What was done, given with the completion (api-contract "Workflow rules that hold together"). */
    resolution: text('resolution'),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Store sign-off: the store said the fault is fixed. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    confirmedBy: userRef('confirmed_by'),
    /** A follow-up order opened because the store said "not fixed": the original it follows. */
    parentId: integer('parent_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    /** On the original: the follow-up order the store's "not fixed" opened. */
    recallOrderId: integer('recall_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    /** The equipment the order is about (optional); an asset with orders cannot be deleted, only retired. */
    assetId: integer('asset_id').references((): AnyPgColumn => assets.id, { onDelete: 'restrict' }),
    /**
     * A repeat failure: the order on the same asset that was completed less than RECALL_WINDOW_DAYS
     * before this one was placed (or given its asset).
     */
    repeatOfId: integer('repeat_of_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    /**
     * Optimistic concurrency: +1 on every write of the row through Drizzle (the ETag of the order). A
     * write that names the version itself keeps that value.
     */
    version: integer('version')
      .notNull()
      .default(1)
      .$onUpdate(() => sql`"orders"."version" + 1`),
    ...timestamps(),
  },
  (t) => {
    // The filter and sort columns of the order list, which the chain and region list indexes cover.
    const listed = [t.dueAt, t.statusId, t.approvalStatus, t.workTypeId, t.priority, t.createdAt, t.storeId];
    return [
      check('orders_approval_status_check', sql`${t.approvalStatus} in ('pending', 'approved', 'rejected')`),
      index('orders_chain_pn_idx').on(t.chainId, t.projectNumber),
      index('orders_region_pn_idx').on(t.regionId, t.projectNumber),
      index('orders_store_pn_idx').on(t.storeId, t.projectNumber),
      index('orders_technician_pn_idx').on(t.technicianId, t.projectNumber),
      index('orders_status_idx').on(t.statusId),
      index('orders_created_at_idx').on(t.createdAt),
      index('orders_due_at_idx').on(t.dueAt),
      // A chain-admin's list: the total and the ids of the page come from the index alone, whatever the
      // filters and the sort (no visits to scattered table pages); only the 25 rows shown are read.
      // The trailing columns stand in for PostgreSQL's INCLUDE, which Drizzle cannot declare yet.
      index('orders_chain_list_idx').on(t.chainId, ...listed, t.regionId, t.projectNumber, t.id),
      // The same for a regional director's list.
      index('orders_region_list_idx').on(t.regionId, ...listed, t.projectNumber, t.id),
      index('orders_chain_created_idx').on(t.chainId, t.createdAt),
      // The admins' list by work type (no chain or region to lead with): its total, also under an
      // approval status and a status, from the index alone, and its page by priority in index order.
      index('orders_worktype_list_idx').on(
        t.workTypeId,
        t.approvalStatus,
        t.priority,
        t.id,
        t.statusId,
        t.projectNumber,
      ),
      // The dashboard (migration 0008), index-only: open orders not yet due (overdue = open - these),
      // completed orders by completion time (weekly) and by time to complete (the median), overall and
      // per chain, and orders without a completion time (the median's count: completed ones are rare).
      // completed_at is set only on completed orders.
      index('orders_due_scope_idx').on(t.dueAt, t.statusId, t.chainId, t.regionId, t.storeId),
      index('orders_completed_idx')
        .on(t.completedAt, t.statusId, t.chainId, t.regionId, t.storeId)
        .where(sql`${t.completedAt} is not null`),
      index('orders_completion_time_idx')
        .on(
          sql`(${t.completedAt} - ${t.createdAt})`,
          t.statusId,
          t.chainId,
          t.regionId,
          t.storeId,
          t.completedAt,
          t.createdAt,
        )
        .where(sql`${t.completedAt} is not null`),
      index('orders_undated_idx').on(t.statusId, t.chainId, t.regionId, t.storeId).where(sql`${t.completedAt} is null`),
      index('orders_chain_completion_time_idx')
        .on(t.chainId, sql`(${t.completedAt} - ${t.createdAt})`, t.statusId, t.completedAt, t.createdAt)
        .where(sql`${t.completedAt} is not null`),
      // Foreign keys that a delete of the referenced order checks.
      index('orders_parent_idx').on(t.parentId),
      index('orders_recall_idx').on(t.recallOrderId),
      index('orders_repeat_of_idx').on(t.repeatOfId).where(sql`${t.repeatOfId} is not null`),
      // An asset's orders: its history, and how many it had lately.
      index('orders_asset_idx').on(t.assetId, t.createdAt).where(sql`${t.assetId} is not null`),
      // Free-text search on the description (ilike '%word%') through its trigrams. chain_id leads
      // (btree_gin, migration 0009), so a chain-admin's page of matches finds them within the chain in
      // one scan of this index; an unscoped search (the admins) uses it through the trigram column alone.
      index('orders_chain_description_trgm').using('gin', t.chainId, sql`${t.description} gin_trgm_ops`),
      // The same trigrams keyed by the order's chain, region and technician (migration 0010): the total
      // of a search in such a scope reads the posting lists of its own orders only, a few thousand
      // entries each, instead of every match in the table.
      index('orders_scope_trgm').using(
        'gin',
        sql`order_scope_trigrams(${t.chainId}, ${t.regionId}, ${t.technicianId}, ${t.description})`,
      ),
    ];
  },
);

/** The order a row belongs to; the row goes with it. */
export const orderId = () =>
  integer('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' });

export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: orderId(),
    ...storedFile(),
  },
  (t) => [index('order_documents_order_idx').on(t.orderId)],
);

/** Every change to an order: who, when, which field, from what to what. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderId(),
    userId: userRef('user_id'),
    /** The API key the change came through: the history names the key rather than its creator. */
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    field: varchar('field', { length: 40 }).notNull(),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: orderId(),
    senderId: userRef('sender_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_order_idx').on(t.orderId, t.id)],
);

/** One marker per user and order: messages with a larger id are unread. */
export const chatSeen = pgTable(
  'chat_seen',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: orderId(),
    lastSeenMessageId: bigint('last_seen_message_id', { mode: 'number' }).notNull().default(0),
    seenAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.orderId] })],
);
