import type { ListParams } from '@wop/shared/query';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type assetImports, chains, regions, storeImports, stores, users } from '../../db/schema/index.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';
import type { StoreValues } from '../stores/stores.repository.ts';

/** The record of what was imported: the same columns for stores and for assets. */
export type ImportTable = typeof storeImports | typeof assetImports;

const sortColumns = (table: ImportTable) => ({
  id: table.id,
  created_at: table.createdAt,
  total_imported: table.totalImported,
  total_failed: table.totalFailed,
  chain_name: chains.chainName,
  user_name: users.name,
});

const recordColumns = (table: ImportTable) => ({
  id: table.id,
  chainId: table.chainId,
  chainName: chains.chainName,
  userId: table.userId,
  userName: users.name,
  fileName: table.fileName,
  totalImported: table.totalImported,
  totalFailed: table.totalFailed,
  createdAt: table.createdAt,
});
export type ImportRow = Awaited<ReturnType<typeof findImport>> & {};

export async function listImports(
  db: DbOrTx,
  params: ListParams & { chain_id?: number },
  scope: SQL | undefined,
  table: ImportTable = storeImports,
) {
  const where = and(scope, params.chain_id ? eq(table.chainId, params.chain_id) : undefined);
  const page = pageWindow(params, sortColumns(table), table.id, desc(table.id));
  return pageAndTotal(
    db
      .select(recordColumns(table))
      .from(table)
      .innerJoin(chains, eq(chains.id, table.chainId))
      .leftJoin(users, eq(users.id, table.userId))
      .$dynamic(),
    db.select({ total: count() }).from(table).innerJoin(chains, eq(chains.id, table.chainId)).$dynamic(),
    where,
    page,
  );
}

export async function findImport(db: DbOrTx, id: number, table: ImportTable = storeImports) {
  const [row] = await db
    .select(recordColumns(table))
    .from(table)
    .innerJoin(chains, eq(chains.id, table.chainId))
    .leftJoin(users, eq(users.id, table.userId))
    .where(eq(table.id, id));
  return row;
}

export async function insertImport(
  db: DbOrTx,
  values: {
    chainId: number;
    userId: number;
    fileName: string;
    totalImported: number;
    totalFailed: number;
    errors: unknown;
  },
  table: ImportTable = storeImports,
) {
  const [row] = await db.insert(table).values(values).returning({ id: table.id });
  return row.id;
}

export async function findChain(db: DbOrTx, id: number) {
  const [row] = await db.select({ id: chains.id, hasRegion: chains.hasRegion }).from(chains).where(eq(chains.id, id));
  return row;
}

export async function regionsOfChain(db: DbOrTx, chainId: number) {
  return db.select({ id: regions.id, name: regions.regionName }).from(regions).where(eq(regions.chainId, chainId));
}

export async function storeNamesOfChain(db: DbOrTx, chainId: number) {
  const rows = await db.select({ name: stores.storeName }).from(stores).where(eq(stores.chainId, chainId));
  return rows.map((row) => row.name);
}

/**
 * Many stores in one statement: the values go as ten arrays (unnest), so a 20,000-row file is
 * one insert with ten parameters, not 20,000 inserts or a statement with 160,000 parameters.
 */
export async function insertStores(db: DbOrTx, values: StoreValues[]) {
  if (values.length === 0) return;
  const column = <K extends keyof StoreValues>(key: K) => sql.param(values.map((v) => v[key]));
  await db.execute(sql`
    insert into stores (store_name, phone, email, invoice_address, contact_person, chain_id, region_id, city, lat, lng)
    select * from unnest(
      ${column('storeName')}::varchar[], ${column('phone')}::varchar[], ${column('email')}::varchar[],
      ${column('invoiceAddress')}::varchar[], ${column('contactPerson')}::varchar[],
      ${column('chainId')}::int[], ${column('regionId')}::int[], ${column('city')}::varchar[],
      ${column('lat')}::float8[], ${column('lng')}::float8[])`);
}

/** The stores of a chain by name, and the work types by slug and title in every language (the asset import's cells). */
export async function storesOfChain(db: DbOrTx, chainId: number) {
  return db
    .select({ id: stores.id, name: stores.storeName, chainId: stores.chainId, regionId: stores.regionId })
    .from(stores)
    .where(eq(stores.chainId, chainId));
}

export async function workTypeNames(db: DbOrTx) {
  const { rows } = await db.execute<{ id: number; name: string }>(sql`
    select id, slug as name from work_types
    union select id, title from work_types
    union select work_type_id, title from work_type_translations`);
  return rows;
}

export async function chainsNamed(db: DbOrTx, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: chains.id, name: chains.chainName })
    .from(chains)
    .where(inArray(sql`lower(${chains.chainName})`, names));
}

export async function regionsNamed(db: DbOrTx, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: regions.id, name: regions.regionName, chainId: regions.chainId })
    .from(regions)
    .where(inArray(sql`lower(${regions.regionName})`, names));
}

export async function storesNamed(db: DbOrTx, names: string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: stores.id, name: stores.storeName, chainId: stores.chainId, regionId: stores.regionId })
    .from(stores)
    .where(inArray(sql`lower(${stores.storeName})`, names));
}

export async function usersByEmail(db: DbOrTx, emails: string[]) {
  if (emails.length === 0) return [];
  return db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
}
