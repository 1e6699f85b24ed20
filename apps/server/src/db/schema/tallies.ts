import { boolean, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';

/**
 * How many orders there are per chain, region, store, technician, status, approval status and recalled
 * (recall_order_id is not null): the totals of the dashboard and of unfiltered lists without
 * counting the orders. Kept exact by statement triggers on `orders` in the writing transaction
 * (migration 0008_dashboard_tallies); nothing else writes it. A key whose orders all left keeps n = 0.
 * The key's index serves a chain's rows; a region's and a store's have their own (migration 0012),
 * so a small scope's total reads its few rows, not the whole table. A technician's are counted in
 * `order_technician_tallies` below.
 */
export const orderTallies = pgTable(
  'order_tallies',
  {
    chainId: integer('chain_id').notNull(),
    regionId: integer('region_id'),
    storeId: integer('store_id').notNull(),
    technicianId: integer('technician_id'),
    statusId: integer('status_id').notNull(),
    approvalStatus: text('approval_status').notNull(),
    recalled: boolean('recalled').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    unique('order_tallies_key')
      .on(t.chainId, t.regionId, t.storeId, t.technicianId, t.statusId, t.approvalStatus, t.recalled)
      .nullsNotDistinct(),
    index('order_tallies_region_idx').on(t.regionId),
    index('order_tallies_store_idx').on(t.storeId),
  ],
);

/**
 * The same counts per technician alone (technician, status, approval status, recalled): a
 * technician's orders lie in many stores, so their rows of `order_tallies` are thousands (4,478
 * for 22,567 orders in bench/generate-orders.ts), read on every call of their list; here a dozen.
 * Kept exact by statement triggers on `orders` in the writing transaction (migration
 * 0015_technician_tallies); orders without a technician are not counted here.
 */
export const orderTechnicianTallies = pgTable(
  'order_technician_tallies',
  {
    technicianId: integer('technician_id').notNull(),
    statusId: integer('status_id').notNull(),
    approvalStatus: text('approval_status').notNull(),
    recalled: boolean('recalled').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({
      name: 'order_technician_tallies_pkey',
      columns: [t.technicianId, t.statusId, t.approvalStatus, t.recalled],
    }),
  ],
);
