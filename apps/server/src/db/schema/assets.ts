import { type SQL, sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from './columns.ts';
import { workTypes } from './orders.ts';
import { chains, regions, stores } from './org.ts';
import { userRef } from './users.ts';

/**
 * What the asset list's search reads: one text of the columns a user searches by, so that one
 * trigram index (below) serves `ilike '%text%'` on all of them. The query names the same expression.
 */
export const assetSearchText = (t: {
  name: unknown;
  tag: unknown;
  make: unknown;
  model: unknown;
  serial: unknown;
}): SQL =>
  sql`(${t.name} || ' ' || ${t.tag} || ' ' || coalesce(${t.make}, '') || ' ' || coalesce(${t.model}, '') || ' ' || coalesce(${t.serial}, ''))`;

/**
 * The equipment of a store. It carries its store's chain and region (as orders do) so that a
 * chain's or region's list reads its own index; they follow a store that moves. Tags are unique per
 * chain, kept upper-case.
 */
export const assets = pgTable(
  'assets',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    workTypeId: integer('work_type_id')
      .notNull()
      .references(() => workTypes.id, { onDelete: 'restrict' }),
    make: varchar('make', { length: 120 }),
    model: varchar('model', { length: 120 }),
    serial: varchar('serial', { length: 120 }),
    tag: varchar('tag', { length: 40 }).notNull(),
    installedOn: date('installed_on', { mode: 'string' }),
    warrantyUntil: date('warranty_until', { mode: 'string' }),
    replacementValueMinor: integer('replacement_value_minor'),
    status: varchar('status', { length: 16 }).notNull().default('in_service'),
    notes: text('notes'),
    createdBy: userRef('created_by'),
    /** Optimistic concurrency: +1 on every write through Drizzle (the ETag of the asset). */
    version: integer('version')
      .notNull()
      .default(1)
      .$onUpdate(() => sql`"assets"."version" + 1`),
    ...timestamps(),
  },
  (t) => [
    check('assets_status_check', sql`${t.status} in ('in_service', 'out_of_service', 'retired')`),
    // Unique per chain; led by the tag, so a scanned label is found by its tag alone.
    uniqueIndex('assets_tag_chain_key').on(t.tag, t.chainId),
    index('assets_chain_idx').on(t.chainId, t.id),
    index('assets_region_idx').on(t.regionId, t.id),
    index('assets_store_idx').on(t.storeId, t.id),
    index('assets_work_type_idx').on(t.workTypeId),
    index('assets_search_trgm').using('gin', sql`${assetSearchText(t)} gin_trgm_ops`),
  ],
);

/** One asset import attempt; a failed one is recorded with total_imported 0 (like store_imports). */
export const assetImports = pgTable(
  'asset_imports',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    fileName: varchar('file_name', { length: 255 }),
    totalImported: integer('total_imported').notNull().default(0),
    totalFailed: integer('total_failed').notNull().default(0),
    errors: jsonb('errors'),
    createdAt: createdAt(),
  },
  (t) => [index('asset_imports_chain_idx').on(t.chainId, t.id)],
);
