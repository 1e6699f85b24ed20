import type { ListParams } from '@wop/shared/query';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chains, regions } from '../../db/schema/index.ts';
import { searchIn } from '../../lib/http.ts';
import { rowsReferring } from '../../lib/in-use.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';

const sortColumns = {
  id: regions.id,
  region_name: regions.regionName,
  phone: regions.phone,
  email: regions.email,
  contact_person: regions.contactPerson,
  created_at: regions.createdAt,
};
const searchColumns = [regions.regionName, regions.phone, regions.email, regions.contactPerson];

const columns = {
  id: regions.id,
  regionName: regions.regionName,
  phone: regions.phone,
  email: regions.email,
  contactPerson: regions.contactPerson,
  chainId: regions.chainId,
  chainName: chains.chainName,
  createdAt: regions.createdAt,
  storesCount: sql<number>`(select count(*)::int from stores s where s.region_id = "regions"."id")`.mapWith(Number),
};
export interface RegionRow {
  id: number;
  regionName: string;
  phone: string;
  email: string | null;
  contactPerson: string;
  chainId: number;
  chainName: string;
  createdAt: Date;
  storesCount: number;
}

export interface RegionValues {
  regionName: string;
  phone: string;
  email: string | null;
  contactPerson: string;
}

/** Regions of one chain, filtered by the caller's scope (undefined for admins). */
export async function listRegions(db: DbOrTx, chainId: number, params: ListParams, scope: SQL | undefined) {
  const search = searchIn(searchColumns, params.q);
  const where = and(eq(regions.chainId, chainId), scope, search);
  const page = pageWindow(params, sortColumns, regions.id, asc(regions.id));
  const { rows, total } = await pageAndTotal(
    db.select(columns).from(regions).innerJoin(chains, eq(chains.id, regions.chainId)).$dynamic(),
    db.select({ total: count() }).from(regions).$dynamic(),
    where,
    page,
  );
  return { rows: rows as RegionRow[], total };
}

export async function findRegion(db: DbOrTx, chainId: number, id: number, scope?: SQL) {
  const [row] = await db
    .select(columns)
    .from(regions)
    .innerJoin(chains, eq(chains.id, regions.chainId))
    .where(and(eq(regions.id, id), eq(regions.chainId, chainId), scope));
  return row as RegionRow | undefined;
}

export async function insertRegion(db: DbOrTx, chainId: number, values: RegionValues) {
  const [row] = await db
    .insert(regions)
    .values({ ...values, chainId })
    .returning({ id: regions.id });
  return row.id;
}

export async function updateRegion(db: DbOrTx, id: number, values: RegionValues) {
  await db.update(regions).set(values).where(eq(regions.id, id));
}

/** What refers to a region, counted before it is deleted (refuseWhileInUse). */
export const regionReferences = (id: number) =>
  rowsReferring('region_id', id, { stores: 'stores', users: 'user_regions', orders: 'orders' });

export async function deleteRegion(db: DbOrTx, id: number) {
  await db.delete(regions).where(eq(regions.id, id));
}
