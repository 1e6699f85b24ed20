import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, instant, timestamps } from './columns.ts';
import { chains } from './org.ts';
import { users } from './users.ts';

/**
 * Addresses that hear of order events (Standard Webhooks). A webhook with a chain hears of that chain's
 * orders; one without (created by an admin) of every chain's. The signing secret is sealed (lib/secrets.ts);
 * after a rotation the previous one still signs, beside the new one, until `previous_secret_until`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id').references(() => chains.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 2048 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: instant('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    /** Why the server turned it off: `gone` (the receiver answered 410) or `failing` (5 days of failures). */
    disabledReason: varchar('disabled_reason', { length: 16 }),
    /** The first failed attempt since the last delivered one. */
    failingSince: instant('failing_since'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('webhooks_chain_idx').on(t.chainId)],
);

/**
 * The outbox: one row per event and webhook, written in the same transaction as the change. Workers on
 * any instance claim due rows with `FOR UPDATE SKIP LOCKED` and a lease (`locked_until`); `msg_id` is the
 * `webhook-id` header, the same on every attempt. `body` is kept as sent, so every retry signs the same bytes.
 */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    msgId: varchar('msg_id', { length: 40 }).notNull().unique(),
    type: varchar('type', { length: 32 }).notNull(),
    orderId: integer('order_id'),
    body: text('body').notNull(),
    /** `pending`, `delivered` or `failed` (retries ran out, or the webhook answered 410). */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: smallint('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    lockedUntil: instant('locked_until'),
    /** The HTTP status of the last attempt (null: no answer). */
    lastStatus: smallint('last_status'),
    doneAt: instant('done_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_messages_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_messages_webhook_idx').on(t.webhookId, t.id),
    index('webhook_messages_created_idx').on(t.createdAt),
  ],
);

/** Each attempt to deliver a message: what the receiver answered (an excerpt) and how long it took. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    attemptedAt: instant('attempted_at').notNull(),
    /** Null when no answer came (timeout, refused connection, address not allowed). */
    statusCode: smallint('status_code'),
    /** Why no answer came, in a few words. */
    error: varchar('error', { length: 200 }),
    response: varchar('response', { length: 1000 }),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.messageId), index('webhook_attempts_at_idx').on(t.attemptedAt)],
);
