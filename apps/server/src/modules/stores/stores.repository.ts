import type { ListParams } from '@wop/shared/query';
import type { StoreBody } from '@wop/shared/stores';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, chains, orders, regions, stores } from '../../db/schema/index.ts';
import { searchIn } from '../../lib/http.ts';
import { rowsReferring } from '../../lib/in-use.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';

const sortColumns = {
  id: stores.id,
  store_name: stores.storeName,
  phone: stores.phone,
  email: stores.email,
  invoice_address: stores.invoiceAddress,
  contact_person: stores.contactPerson,
  chain_name: chains.chainName,
  region_name: regions.regionName,
  city: stores.city,
  created_at: stores.createdAt,
};
const searchColumns = [
  stores.storeName,
  stores.phone,
  stores.email,
  stores.invoiceAddress,
  stores.contactPerson,
  chains.chainName,
  regions.regionName,
  stores.city,
];

const columns = {
  id: stores.id,
  storeName: stores.storeName,
  phone: stores.phone,
  email: stores.email,
  invoiceAddress: stores.invoiceAddress,
  contactPerson: stores.contactPerson,
  city: stores.city,
  lat: stores.lat,
  lng: stores.lng,
  chainId: stores.chainId,
  regionId: stores.regionId,
  chainName: chains.chainName,
  hasRegion: chains.hasRegion,
  regionName: regions.regionName,
  createdAt: stores.createdAt,
};
export interface StoreValues {
  storeName: string;
  phone: string;
  email: string | null;
  invoiceAddress: string;
  contactPerson: string;
  city: string | null;
  lat: number | null;
  lng: number | null;
  chainId: number;
  regionId: number | null;
}
/** A store's columns from its form (checked against the caller's scope by the caller). */
export const storeValues = (body: StoreBody): StoreValues => ({
  storeName: body.store_name,
  phone: body.phone,
  email: body.email,
  invoiceAddress: body.invoice_address,
  contactPerson: body.contact_person,
  city: body.city,
  lat: body.lat,
  lng: body.lng,
  chainId: body.chain_id,
  regionId: body.region_id,
});

export type StoreRow = StoreValues & {
  id: number;
  chainName: string;
  hasRegion: boolean;
  regionName: string | null;
  createdAt: Date;
};

export interface StoreFilters {
  chain_id?: number;
  region_id?: number;
}

/** Stores filtered by the caller's scope (undefined for admins) and the list filters. */
export async function listStores(db: DbOrTx, params: ListParams & StoreFilters, scope: SQL | undefined) {
  const search = searchIn(searchColumns, params.q);
  const where = and(
    scope,
    search,
    params.chain_id ? eq(stores.chainId, params.chain_id) : undefined,
    params.region_id ? eq(stores.regionId, params.region_id) : undefined,
  );
  const page = pageWindow(params, sortColumns, stores.id, asc(stores.id));
  const { rows, total } = await pageAndTotal(
    db
      .select(columns)
      .from(stores)
      .innerJoin(chains, eq(chains.id, stores.chainId))
      .leftJoin(regions, eq(regions.id, stores.regionId))
      .$dynamic(),
    db
      .select({ total: count() })
      .from(stores)
      .innerJoin(chains, eq(chains.id, stores.chainId))
      .leftJoin(regions, eq(regions.id, stores.regionId))
      .$dynamic(),
    where,
    page,
  );
  return { rows: rows as StoreRow[], total };
}

export async function findStore(db: DbOrTx, id: number, scope?: SQL) {
  const [row] = await db
    .select(columns)
    .from(stores)
    .innerJoin(chains, eq(chains.id, stores.chainId))
    .leftJoin(regions, eq(regions.id, stores.regionId))
    .where(and(eq(stores.id, id), scope));
  return row as StoreRow | undefined;
}

/** The chain a store is written to and, when one is given, the region (with the chain it belongs to). */
export async function findStoreParents(db: DbOrTx, chainId: number, regionId: number | null) {
  const [chain] = await db
    .select({ id: chains.id, hasRegion: chains.hasRegion })
    .from(chains)
    .where(eq(chains.id, chainId));
  const [region] =
    regionId === null
      ? []
      : await db.select({ chainId: regions.chainId }).from(regions).where(eq(regions.id, regionId));
  return { chain, region };
}

export async function insertStore(db: DbOrTx, values: StoreValues) {
  const [row] = await db.insert(stores).values(values).returning({ id: stores.id });
  return row.id;
}

export async function updateStore(db: DbOrTx, id: number, values: StoreValues) {
  await db.update(stores).set(values).where(eq(stores.id, id));
}

/** Orders and assets carry their store's chain and region (for scope): they follow a store that moves. */
export async function moveStoreOrders(db: DbOrTx, storeId: number, chainId: number, regionId: number | null) {
  await db.update(orders).set({ chainId, regionId }).where(eq(orders.storeId, storeId));
  await db.update(assets).set({ chainId, regionId }).where(eq(assets.storeId, storeId));
}

/** How many of the store's asset tags the chain it moves to has already (tags are unique per chain). */
export async function clashingAssetTags(db: DbOrTx, storeId: number, chainId: number) {
  const { rows } = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from assets a
    where a.store_id = ${storeId} and exists (
      select 1 from assets b where b.tag = a.tag and b.chain_id = ${chainId} and b.store_id <> ${storeId})`);
  return rows[0].n;
}

/** What refers to a store, counted before it is deleted (refuseWhileInUse). */
export const storeReferences = (id: number) =>
  rowsReferring('store_id', id, { orders: 'orders', users: 'user_stores', assets: 'assets' });

export async function deleteStore(db: DbOrTx, id: number) {
  await db.delete(stores).where(eq(stores.id, id));
}
