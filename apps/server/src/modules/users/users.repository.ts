import type { ListParams } from '@wop/shared/query';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chains, regions, roles, stores, userChains, userRegions, userStores, users } from '../../db/schema/index.ts';
import { searchIn } from '../../lib/http.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';

const sortColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone_no: users.phoneNo,
  role: roles.title,
  created_at: users.createdAt,
};
const searchColumns = [users.name, users.email, users.phoneNo];

export interface UserFilters {
  /** A role id, or a role slug. */
  role_id?: string;
  entity_type?: 'chain' | 'region' | 'store';
  entity_id?: number;
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  /** Only users of this role slug (the technicians list). */
  role_slug?: string;
}

const boundTo = (type: 'chain' | 'region' | 'store', id: number) =>
  type === 'chain'
    ? sql`${users.id} in (select user_id from user_chains where chain_id = ${id})`
    : type === 'region'
      ? sql`${users.id} in (select user_id from user_regions where region_id = ${id})`
      : sql`${users.id} in (select user_id from user_stores where store_id = ${id})`;

function filterSql(f: UserFilters): (SQL | undefined)[] {
  const role = f.role_id
    ? /^\d+$/.test(f.role_id)
      ? eq(users.roleId, Number(f.role_id))
      : eq(roles.slug, f.role_id)
    : undefined;
  let entity: SQL | undefined;
  if (f.entity_id !== undefined) {
    entity = f.entity_type
      ? boundTo(f.entity_type, f.entity_id)
      : or(boundTo('chain', f.entity_id), boundTo('region', f.entity_id), boundTo('store', f.entity_id));
  }
  // The chain -> region -> store cascade of the users list: a user "belongs" to a chain through
  // the chain itself, one of its regions or one of its stores.
  const chain =
    f.chain_id !== undefined
      ? sql`(${boundTo('chain', f.chain_id)}
          or ${users.id} in (select ur.user_id from user_regions ur join regions r on r.id = ur.region_id where r.chain_id = ${f.chain_id})
          or ${users.id} in (select us.user_id from user_stores us join stores s on s.id = us.store_id where s.chain_id = ${f.chain_id}))`
      : undefined;
  const region =
    f.region_id !== undefined
      ? sql`(${boundTo('region', f.region_id)}
          or ${users.id} in (select us.user_id from user_stores us join stores s on s.id = us.store_id where s.region_id = ${f.region_id}))`
      : undefined;
  const store = f.store_id !== undefined ? boundTo('store', f.store_id) : undefined;
  return [role, entity, chain, region, store, f.role_slug ? eq(roles.slug, f.role_slug) : undefined];
}

/** One page of user ids (the caller turns them into the contract's user shape). */
export async function listUserIds(db: DbOrTx, params: ListParams & UserFilters, scope: SQL | undefined) {
  const search = searchIn(searchColumns, params.q);
  const where = and(scope, search, ...filterSql(params));
  const page = pageWindow(params, sortColumns, users.id, asc(users.id));
  const { rows, total } = await pageAndTotal(
    db.select({ id: users.id }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).$dynamic(),
    db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).$dynamic(),
    where,
    page,
  );
  return { ids: rows.map((row) => row.id), total };
}

export interface UserTarget {
  id: number;
  role: string;
  email: string;
  chainIds: number[];
  regionChainIds: number[];
  storeChainIds: number[];
}

/** A user with the chains its bindings sit in (to check what a chain-admin may change). */
export async function findUserTarget(db: DbOrTx, id: number, scope?: SQL): Promise<UserTarget | undefined> {
  const { rows } = await db.execute<{
    id: number;
    role: string;
    email: string;
    chain_ids: number[];
    region_chain_ids: number[];
    store_chain_ids: number[];
  }>(sql`
    select ${users.id} as id, r.slug as role, ${users.email} as email,
      array(select chain_id from user_chains where user_id = ${users.id}) as chain_ids,
      array(select g.chain_id from user_regions ur join regions g on g.id = ur.region_id where ur.user_id = ${users.id}) as region_chain_ids,
      array(select s.chain_id from user_stores us join stores s on s.id = us.store_id where us.user_id = ${users.id}) as store_chain_ids
    from ${users} join roles r on r.id = ${users.roleId}
    where ${users.id} = ${id} ${scope ? sql`and ${scope}` : sql``}`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    chainIds: row.chain_ids,
    regionChainIds: row.region_chain_ids,
    storeChainIds: row.store_chain_ids,
  };
}

export async function findRoleBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select({ id: roles.id, slug: roles.slug }).from(roles).where(eq(roles.slug, slug));
  return row;
}

export async function findUserIdByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
  return row?.id;
}

/** The chain of each entity id that exists (chains map to themselves). */
export async function entityChains(db: DbOrTx, type: 'chain' | 'region' | 'store', ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows =
    type === 'chain'
      ? await db.select({ id: chains.id, chainId: chains.id }).from(chains).where(inArray(chains.id, ids))
      : type === 'region'
        ? await db.select({ id: regions.id, chainId: regions.chainId }).from(regions).where(inArray(regions.id, ids))
        : await db.select({ id: stores.id, chainId: stores.chainId }).from(stores).where(inArray(stores.id, ids));
  return new Map(rows.map((row) => [row.id, row.chainId]));
}

export interface UserValues {
  name: string;
  email: string;
  phoneNo: string;
  roleId: number;
  passwordHash?: string;
  approvalLimitMinor?: number | null;
}

export async function insertUser(db: DbOrTx, values: UserValues & { passwordHash: string }) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row.id;
}

export async function updateUser(db: DbOrTx, id: number, values: UserValues) {
  await db.update(users).set(values).where(eq(users.id, id));
}

/** Replaces a user's bindings with the given entities (none for admin-type roles). */
export async function setBindings(
  db: DbOrTx,
  userId: number,
  type: 'chain' | 'region' | 'store' | null,
  ids: number[],
) {
  await db.delete(userChains).where(eq(userChains.userId, userId));
  await db.delete(userRegions).where(eq(userRegions.userId, userId));
  await db.delete(userStores).where(eq(userStores.userId, userId));
  if (!type || ids.length === 0) return;
  if (type === 'chain') await db.insert(userChains).values(ids.map((chainId) => ({ userId, chainId })));
  if (type === 'region') await db.insert(userRegions).values(ids.map((regionId) => ({ userId, regionId })));
  if (type === 'store') await db.insert(userStores).values(ids.map((storeId) => ({ userId, storeId })));
}

export async function revokeTokens(db: DbOrTx, userId: number) {
  await db.execute(sql`delete from access_tokens where user_id = ${userId}`);
}

/** Deletes a user; their bindings and access tokens go with them (cascade). */
export async function deleteUser(db: DbOrTx, id: number) {
  await db.delete(users).where(eq(users.id, id));
}
