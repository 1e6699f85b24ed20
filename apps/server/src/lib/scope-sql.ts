import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { assets, chains, orders, regions, stores, users } from '../db/schema/index.ts';
import type { Scope } from './scope.ts';

// The scope filters of every query, in one place. `undefined` means no filter (admins).
const none = sql`false`;
/** `(1,2,3)` from ids that are numbers by type and by conversion, so nothing else reaches the SQL. */
const idList = (ids: number[]) => sql.raw(`(${ids.map((id) => Number(id)).join(',')})`);
const anyOf = (column: Parameters<typeof inArray>[0], ids: number[]) => (ids.length ? inArray(column, ids) : none);

export function ordersInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'chains':
      return anyOf(orders.chainId, scope.ids);
    case 'regions':
      return anyOf(orders.regionId, scope.ids);
    case 'stores':
      return anyOf(orders.storeId, scope.ids);
    case 'technician':
      return eq(orders.technicianId, scope.userId);
  }
}

export function storesInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'chains':
      return anyOf(stores.chainId, scope.ids);
    case 'regions':
      return anyOf(stores.regionId, scope.ids);
    case 'stores':
      return anyOf(stores.id, scope.ids);
    case 'technician':
      return none;
  }
}

/** Assets: like stores (by the chain and region each asset carries); a technician's, those of its orders. */
export function assetsInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'chains':
      return anyOf(assets.chainId, scope.ids);
    case 'regions':
      return anyOf(assets.regionId, scope.ids);
    case 'stores':
      return anyOf(assets.storeId, scope.ids);
    case 'technician':
      return sql`${assets.id} in (select asset_id from orders where technician_id = ${scope.userId} and asset_id is not null)`;
  }
}

export function regionsInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'chains':
      return anyOf(regions.chainId, scope.ids);
    case 'regions':
      return anyOf(regions.id, scope.ids);
    case 'stores':
      return scope.ids.length
        ? sql`${regions.id} in (select region_id from stores where id in ${idList(scope.ids)})`
        : none;
    case 'technician':
      return none;
  }
}

/** Chains a user may see: its own, those of its regions or stores, or of the orders assigned to it. */
export function chainsInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'chains':
      return anyOf(chains.id, scope.ids);
    case 'regions':
      return scope.ids.length
        ? sql`${chains.id} in (select chain_id from regions where id in ${idList(scope.ids)})`
        : none;
    case 'stores':
      return scope.ids.length
        ? sql`${chains.id} in (select chain_id from stores where id in ${idList(scope.ids)})`
        : none;
    case 'technician':
      return sql`${chains.id} in (select distinct chain_id from orders where technician_id = ${scope.userId})`;
  }
}

/**
 * Users a user may see: those bound to a chain, region or store inside the caller's scope
 * (a chain-admin sees the users of its chains, including those of their regions and stores).
 */
export function usersInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'chains':
      return scope.ids.length
        ? sql`(${users.id} in (select user_id from user_chains where chain_id in ${idList(scope.ids)})
            or ${users.id} in (select ur.user_id from user_regions ur join regions r on r.id = ur.region_id
              where r.chain_id in ${idList(scope.ids)})
            or ${users.id} in (select us.user_id from user_stores us join stores s on s.id = us.store_id
              where s.chain_id in ${idList(scope.ids)}))`
        : none;
    case 'regions':
      return scope.ids.length
        ? sql`(${users.id} in (select user_id from user_regions where region_id in ${idList(scope.ids)})
            or ${users.id} in (select us.user_id from user_stores us join stores s on s.id = us.store_id
              where s.region_id in ${idList(scope.ids)}))`
        : none;
    case 'stores':
      return scope.ids.length
        ? sql`${users.id} in (select user_id from user_stores where store_id in ${idList(scope.ids)})`
        : none;
    case 'technician':
      return eq(users.id, scope.userId);
  }
}
