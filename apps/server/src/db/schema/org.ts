import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';

export const chains = pgTable(
  'chains',
  {
    id: serial('id').primaryKey(),
    chainName: varchar('chain_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    invoiceAddress: varchar('invoice_address', { length: 500 }).notNull(),
    contactPerson: varchar('contact_person', { length: 255 }).notNull(),
    hasRegion: boolean('has_region').notNull().default(true),
    /** False: the chain's users sign in only through its identity provider (admins keep their passwords). */
    passwordSignIn: boolean('password_sign_in').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('chains_name_trgm').using('gin', sql`${t.chainName} gin_trgm_ops`)],
);

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'restrict' }),
    regionName: varchar('region_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }),
    contactPerson: varchar('contact_person', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [index('regions_chain_idx').on(t.chainId, t.id)],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    chainId: integer('chain_id')
      .notNull()
      .references(() => chains.id, { onDelete: 'restrict' }),
    regionId: integer('region_id').references(() => regions.id, { onDelete: 'restrict' }),
    storeName: varchar('store_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }),
    invoiceAddress: varchar('invoice_address', { length: 500 }).notNull(),
    contactPerson: varchar('contact_person', { length: 255 }).notNull(),
    /** Picks the after-hours on-call line of the store's city (phone-in). */
    city: varchar('city', { length: 100 }),
    ...timestamps(),
  },
  (t) => [
    index('stores_chain_idx').on(t.chainId, t.id),
    index('stores_region_idx').on(t.regionId, t.id),
    index('stores_name_trgm').using('gin', sql`${t.storeName} gin_trgm_ops`),
  ],
);
