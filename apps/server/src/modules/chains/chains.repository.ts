import type { ListParams } from '@wop/shared/query';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chains } from '../../db/schema/index.ts';
import { searchIn } from '../../lib/http.ts';
import { rowsReferring } from '../../lib/in-use.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';

const sortColumns = {
  id: chains.id,
  chain_name: chains.chainName,
  phone: chains.phone,
  email: chains.email,
  invoice_address: chains.invoiceAddress,
  contact_person: chains.contactPerson,
  has_region: chains.hasRegion,
  created_at: chains.createdAt,
};
const searchColumns = [chains.chainName, chains.phone, chains.email, chains.invoiceAddress, chains.contactPerson];

const columns = {
  id: chains.id,
  chainName: chains.chainName,
  phone: chains.phone,
  email: chains.email,
  invoiceAddress: chains.invoiceAddress,
  contactPerson: chains.contactPerson,
  hasRegion: chains.hasRegion,
  passwordSignIn: chains.passwordSignIn,
  createdAt: chains.createdAt,
  country: chains.country,
  currency: chains.currency,
  vatBp: chains.vatBp,
  hourlyRateMinor: chains.hourlyRateMinor,
  calloutFeeMinor: chains.calloutFeeMinor,
  nte10Minor: chains.nte10Minor,
  nte20Minor: chains.nte20Minor,
  nte30Minor: chains.nte30Minor,
  visitRadiusM: chains.visitRadiusM,
  orgNumber: chains.orgNumber,
  peppolId: chains.peppolId,
  vatId: chains.vatId,
  regionsCount: sql<number>`(select count(*)::int from regions r where r.chain_id = "chains"."id")`,
  storesCount: sql<number>`(select count(*)::int from stores s where s.chain_id = "chains"."id")`,
};
export interface ChainValues {
  chainName: string;
  phone: string;
  email: string;
  invoiceAddress: string;
  contactPerson: string;
  hasRegion: boolean;
}
/** A chain's money settings as columns (api-contract "Costs"). */
export interface ChainCostValues {
  country: string;
  currency: string;
  vatBp: number;
  hourlyRateMinor: number;
  calloutFeeMinor: number;
  nte10Minor: number;
  nte20Minor: number;
  nte30Minor: number;
  visitRadiusM: number;
  orgNumber: string | null;
  peppolId: string | null;
  vatId: string | null;
}
export type ChainRow = ChainValues &
  ChainCostValues & {
    id: number;
    passwordSignIn: boolean;
    createdAt: Date;
    regionsCount: number;
    storesCount: number;
  };

/** `scope` is the caller's SQL scope filter (undefined for admins). */
export async function listChains(db: DbOrTx, params: ListParams, scope: SQL | undefined) {
  const search = searchIn(searchColumns, params.q);
  const where = and(scope, search);
  const page = pageWindow(params, sortColumns, chains.id, asc(chains.id));
  const { rows, total } = await pageAndTotal(
    db.select(columns).from(chains).$dynamic(),
    db.select({ total: count() }).from(chains).$dynamic(),
    where,
    page,
  );
  return { rows: rows as ChainRow[], total };
}

export async function findChain(db: DbOrTx, id: number, scope?: SQL) {
  const [row] = await db
    .select(columns)
    .from(chains)
    .where(and(eq(chains.id, id), scope));
  return row as ChainRow | undefined;
}

export async function insertChain(db: DbOrTx, values: ChainValues) {
  const [row] = await db.insert(chains).values(values).returning({ id: chains.id });
  return row.id;
}

export async function updateChain(db: DbOrTx, id: number, values: Partial<ChainValues & ChainCostValues>) {
  await db.update(chains).set(values).where(eq(chains.id, id));
}

/** What refers to a chain, counted before it is deleted (refuseWhileInUse). */
export const chainReferences = (id: number) => ({
  ...rowsReferring('chain_id', id, { stores: 'stores', orders: 'orders' }),
  users: sql`select count(distinct user_id) from (
    select user_id from user_chains where chain_id = ${id}
    union all
    select ur.user_id from user_regions ur join regions r on r.id = ur.region_id where r.chain_id = ${id}
  ) bound`,
  ...rowsReferring('chain_id', id, { categories: 'file_categories' }),
});

/** Whether money of the chain is on record in its currency (cost lines, quotes or invoices). */
export async function chainHasMoney(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from invoices where chain_id = ${id})
      or exists (select 1 from orders o join cost_lines l on l.order_id = o.id where o.chain_id = ${id})
      or exists (select 1 from orders o join quotes q on q.order_id = o.id where o.chain_id = ${id}) as used`);
  return rows[0].used;
}

/** Deletes a chain and its (empty) regions; store imports go with it (cascade). */
export async function deleteChain(db: DbOrTx, id: number) {
  await db.execute(sql`delete from regions where chain_id = ${id}`);
  await db.delete(chains).where(eq(chains.id, id));
}
