import { boolean, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

// The reference tables that orders, assets and plans name: work types, statuses and priorities.

export const workTypes = pgTable('work_types', {
  id: serial('id').primaryKey(),
  slug: varchar('slug', { length: 120 }).notNull().unique(),
  /** English title; per-locale titles live in work_type_translations. */
  title: varchar('title', { length: 120 }).notNull(),
  ...timestamps(),
});

/** The work type of a row (required). */
export const workTypeRef = (onDelete: 'restrict' | 'cascade') =>
  integer('work_type_id')
    .notNull()
    .references(() => workTypes.id, { onDelete });

export const workTypeTranslations = pgTable(
  'work_type_translations',
  {
    workTypeId: workTypeRef('cascade'),
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

/** The priority of a row (required): 10, 20 or 30. */
export const priorityRef = () =>
  integer('priority')
    .notNull()
    .references(() => priorities.id, { onDelete: 'restrict' });
