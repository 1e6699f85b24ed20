import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { workTypes } from './reference.ts';

/**
 * The after-hours (on-call) lines by city and trade (api-contract "Phone-in for urgent orders"). A line
 * without a work type answers for every trade of its city that has no line of its own.
 */
export const oncallLines = pgTable(
  'oncall_lines',
  {
    id: serial('id').primaryKey(),
    city: varchar('city', { length: 100 }).notNull(),
    workTypeId: integer('work_type_id').references(() => workTypes.id, { onDelete: 'cascade' }),
    partner: varchar('partner', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('oncall_lines_city_work_type').on(sql`lower(${t.city})`, sql`coalesce(${t.workTypeId}, 0)`)],
);

/** The one row holding the service desk's number, called within office hours. */
export const phoneInSettings = pgTable(
  'phone_in_settings',
  {
    id: smallint('id').primaryKey().default(1),
    serviceDeskPhone: varchar('service_desk_phone', { length: 50 }).notNull(),
  },
  (t) => [check('phone_in_settings_one_row', sql`${t.id} = 1`)],
);
