import { sql } from 'drizzle-orm';
import { date, integer, timestamp } from 'drizzle-orm/pg-core';

/** An instant (timestamptz), read as a Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A calendar day, read as `YYYY-MM-DD`. */
export const day = (name: string) => date(name, { mode: 'string' });

export const createdAt = () => instant('created_at').notNull().defaultNow();
export const updatedAt = () =>
  instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** created_at and updated_at of a row that can change. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/** Optimistic concurrency (the record's ETag): +1 on every write of the row through Drizzle. */
export const version = (table: string) =>
  integer('version')
    .notNull()
    .default(1)
    .$onUpdate(() => sql`${sql.identifier(table)}."version" + 1`);
