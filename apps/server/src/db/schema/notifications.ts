import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, instant } from './columns.ts';
import { orderId } from './orders.ts';
import { userId, users } from './users.ts';

/**
 * The live event log behind `GET /api/events`: written in the same transaction as the change, read by
 * every instance (woken by NOTIFY), kept a few minutes for `Last-Event-ID` replays. An order or message
 * event carries where the order stood at that moment, so each stream decides its scope without a query.
 */
export const appEvents = pgTable(
  'app_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** `order`, `message` or `notification`. */
    type: varchar('type', { length: 16 }).notNull(),
    /** The user a `notification` event is for; null for order and message events. */
    userId: integer('user_id'),
    chainId: integer('chain_id'),
    regionId: integer('region_id'),
    storeId: integer('store_id'),
    technicianId: integer('technician_id'),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('app_events_created_idx').on(t.createdAt)],
);

/** One in-app notification for one user; its texts are rendered from `params` in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: userId(),
    /** `order_created`, `approval`, `assigned`, `status` or `message`. */
    type: varchar('type', { length: 20 }).notNull(),
    orderId: orderId(),
    params: jsonb('params').notNull(),
    createdAt: createdAt(),
    readAt: instant('read_at'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_order_idx').on(t.orderId),
  ],
);

/** Per-user notification settings; a user without a row has every e-mail on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailOrderCreated: boolean('email_order_created').notNull().default(true),
  emailApproval: boolean('email_approval').notNull().default(true),
  emailAssigned: boolean('email_assigned').notNull().default(true),
  emailStatus: boolean('email_status').notNull().default(true),
  emailMessage: boolean('email_message').notNull().default(true),
  /** The language of e-mails: the one last used to sign in, unless the user chose one. */
  locale: varchar('locale', { length: 2 }).notNull().default('en'),
});

/**
 * E-mails waiting to go out, written in the same transaction as the change. Workers on any instance
 * claim rows with `FOR UPDATE SKIP LOCKED`; `sent_at` marks a mail as done so it never goes twice.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The mail is rendered from its notification when sent, in `locale`, with the sender's PUBLIC_URL. */
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    toEmail: varchar('to_email', { length: 255 }).notNull(),
    locale: varchar('locale', { length: 2 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** A worker holds a claimed row until then; a crashed worker's claim runs out. */
    lockedUntil: instant('locked_until'),
    sentAt: instant('sent_at'),
    /** Set when retries ran out (24 h). */
    failedAt: instant('failed_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.failedAt} is null`)],
);
