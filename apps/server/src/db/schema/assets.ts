import { type SQL, sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { day, timestamps, version } from './columns.ts';
import { importColumns } from './files.ts';
import { storePlace, storePlaceIndexes } from './org.ts';
import { workTypeRef } from './reference.ts';
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
    ...storePlace(),
    name: varchar('name', { length: 120 }).notNull(),
    workTypeId: workTypeRef('restrict'),
    make: varchar('make', { length: 120 }),
    model: varchar('model', { length: 120 }),
    serial: varchar('serial', { length: 120 }),
    tag: varchar('tag', { length: 40 }).notNull(),
    installedOn: day('installed_on'),
    warrantyUntil: day('warranty_until'),
    replacementValueMinor: integer('replacement_value_minor'),
    status: varchar('status', { length: 16 }).notNull().default('in_service'),
    notes: text('notes'),
    createdBy: userRef('created_by'),
    /** Optimistic concurrency: +1 on every write through Drizzle (the ETag of the asset). */
    version: version('assets'),
    ...timestamps(),
  },
  (t) => [
    check('assets_status_check', sql`${t.status} in ('in_service', 'out_of_service', 'retired')`),
    // Unique per chain; led by the tag, so a scanned label is found by its tag alone.
    uniqueIndex('assets_tag_chain_key').on(t.tag, t.chainId),
    ...storePlaceIndexes(t, t.id, (place) => `assets_${place}_idx`),
    index('assets_work_type_idx').on(t.workTypeId),
    index('assets_search_trgm').using('gin', sql`${assetSearchText(t)} gin_trgm_ops`),
  ],
);

export const assetImports = pgTable('asset_imports', importColumns(), (t) => [
  index('asset_imports_chain_idx').on(t.chainId, t.id),
]);
