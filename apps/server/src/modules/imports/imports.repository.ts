import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chains, regions, storeImports, stores, users } from '../../db/schema/index.ts';
import type { ListParams } from '../../lib/http.ts';
import { pageWindow } from '../../lib/paging.ts';
import type { StoreValues } from '../stores/stores.repository.ts';

const sortColumns = {
  id: storeImports.id,
  created_at: storeImports.createdAt,
  total_imported: storeImports.totalImported,
  total_failed: storeImports.totalFailed,
  chain_name: chains.chainName,
  user_name: users.name,
};

const recordColumns = {
  id: storeImports.id,
  chainId: storeImports.chainId,
  chainName: chains.chainName,
  userId: storeImports.userId,
  userName: users.name,
  fileName: storeImports.fileName,
  totalImported: storeImports.totalImported,
  totalFailed: storeImports.totalFailed,
  createdAt: storeImports.createdAt,
};
export type ImportRow = Awaited<ReturnType<typeof findImport>> & {};

export async function listImports(db: DbOrTx, params: ListParams & { chain_id?: number }, scope: SQL | undefined) {
  const where = and(scope, params.chain_id ? eq(storeImports.chainId, params.chain_id) : undefined);
  const page = pageWindow(params, sortColumns, storeImports.id, desc(storeImports.id));
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(recordColumns)
      .from(storeImports)
      .innerJoin(chains, eq(chains.id, storeImports.chainId))
      .leftJoin(users, eq(users.id, storeImports.userId))
      .where(where)
      .orderBy(...page.orderBy)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ total: count() })
      .from(storeImports)
      .innerJoin(chains, eq(chains.id, storeImports.chainId))
      .where(where),
  ]);
  return { rows, total };
}

export async function findImport(db: DbOrTx, id: number) {
  const [row] = await db
    .select(recordColumns)
    .from(storeImports)
    .innerJoin(chains, eq(chains.id, storeImports.chainId))
    .leftJoin(users, eq(users.id, storeImports.userId))
    .where(eq(storeImports.id, id));
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
) {
  const [row] = await db.insert(storeImports).values(values).returning({ id: storeImports.id });
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
 * Many stores in one statement: the values go as eight arrays (unnest), so a 20,000-row file is
 * one insert with eight parameters, not 20,000 inserts or a statement with 160,000 parameters.
 */
export async function insertStores(db: DbOrTx, values: StoreValues[]) {
  if (values.length === 0) return;
  const column = <K extends keyof StoreValues>(key: K) => sql.param(values.map((v) => v[key]));
  await db.execute(sql`
    insert into stores (store_name, phone, email, invoice_address, contact_person, chain_id, region_id, city)
    select * from unnest(
      ${column('storeName')}::varchar[], ${column('phone')}::varchar[], ${column('email')}::varchar[],
      ${column('invoiceAddress')}::varchar[], ${column('contactPerson')}::varchar[],
      ${column('chainId')}::int[], ${column('regionId')}::int[], ${column('city')}::varchar[])`);
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
