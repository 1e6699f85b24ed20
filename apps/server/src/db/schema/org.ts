import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
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
    /** A check-in farther than this from its store's position is flagged `off_site`. */
    visitRadiusM: integer('visit_radius_m').notNull().default(500),
    // What the work costs (api-contract "Costs"): money in minor units of `currency`, VAT in basis points.
    country: varchar('country', { length: 2 }).notNull().default('SE'),
    currency: varchar('currency', { length: 3 }).notNull().default('SEK'),
    vatBp: integer('vat_bp').notNull().default(2500),
    hourlyRateMinor: integer('hourly_rate_minor').notNull().default(0),
    calloutFeeMinor: integer('callout_fee_minor').notNull().default(0),
    /** The not-to-exceed limit a new order of each priority gets. */
    nte10Minor: integer('nte_10_minor').notNull().default(0),
    nte20Minor: integer('nte_20_minor').notNull().default(0),
    nte30Minor: integer('nte_30_minor').notNull().default(0),
    /** The buyer's organisation number and Peppol participant id (`0007:5560000000`) on its invoices. */
    orgNumber: varchar('org_number', { length: 40 }),
    peppolId: varchar('peppol_id', { length: 80 }),
    /** The buyer's VAT registration number (SE556677889901, FI12345678), on its invoices. */
    vatId: varchar('vat_id', { length: 20 }),
    ...timestamps(),
  },
  (t) => [
    index('chains_name_trgm').using('gin', sql`${t.chainName} gin_trgm_ops`),
    check('chains_visit_radius_check', sql`${t.visitRadiusM} between 1 and 100000`),
    check('chains_country_check', sql`${t.country} in ('SE', 'FI')`),
    check('chains_currency_check', sql`${t.currency} in ('SEK', 'EUR')`),
    check('chains_vat_bp_check', sql`${t.vatBp} between 0 and 10000`),
  ],
);

/** The chain a row belongs to. */
export const chainRef = (onDelete: 'restrict' | 'cascade') =>
  integer('chain_id')
    .notNull()
    .references(() => chains.id, { onDelete });

export const regions = pgTable(
  'regions',
  {
    id: serial('id').primaryKey(),
    chainId: chainRef('restrict'),
    regionName: varchar('region_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }),
    contactPerson: varchar('contact_person', { length: 255 }).notNull(),
    ...timestamps(),
  },
  (t) => [index('regions_chain_idx').on(t.chainId, t.id)],
);

/** The region a row belongs to: none in a chain without regions. */
export const regionRef = () => integer('region_id').references(() => regions.id, { onDelete: 'restrict' });

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    chainId: chainRef('restrict'),
    regionId: regionRef(),
    storeName: varchar('store_name', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 50 }).notNull(),
    email: varchar('email', { length: 255 }),
    invoiceAddress: varchar('invoice_address', { length: 500 }).notNull(),
    contactPerson: varchar('contact_person', { length: 255 }).notNull(),
    /** Picks the after-hours on-call line of the store's city (phone-in). */
    city: varchar('city', { length: 100 }),
    /** Where the store is (WGS 84 degrees), both or neither: site visits are checked against it. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    ...timestamps(),
  },
  (t) => [
    check(
      'stores_position_check',
      sql`(${t.lat} is null) = (${t.lng} is null) and ${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`,
    ),
    index('stores_chain_idx').on(t.chainId, t.id),
    index('stores_region_idx').on(t.regionId, t.id),
    index('stores_name_trgm').using('gin', sql`${t.storeName} gin_trgm_ops`),
  ],
);

/** The store a row belongs to. */
export const storeRef = (onDelete: 'restrict' | 'cascade') =>
  integer('store_id')
    .notNull()
    .references(() => stores.id, { onDelete });

/**
 * The store of a row that carries its store's chain and region too (orders, assets), so that a chain's
 * or a region's list reads its own index; they follow a store that moves.
 */
export const storePlace = () => ({
  chainId: chainRef('restrict'),
  regionId: regionRef(),
  storeId: storeRef('restrict'),
});

/** A column an index is on. */
type Indexed = Parameters<ReturnType<typeof index>['on']>[0];

/** A storePlace row's indexes: one per place (chain, region, store), led by it and ordered by `key`. */
export const storePlaceIndexes = (
  t: { chainId: Indexed; regionId: Indexed; storeId: Indexed },
  key: Indexed,
  name: (place: 'chain' | 'region' | 'store') => string,
) => [
  index(name('chain')).on(t.chainId, key),
  index(name('region')).on(t.regionId, key),
  index(name('store')).on(t.storeId, key),
];
