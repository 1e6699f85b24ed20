import type { ListParams } from '@wop/shared/query';
import type { StoreBody } from '@wop/shared/stores';
import { v } from '@wop/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { refuseWhileInUse } from '../../lib/in-use.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { storesInScope } from '../../lib/scope-sql.ts';
import * as repo from './stores.repository.ts';

export const storeView = (row: repo.StoreRow) => ({
  id: row.id,
  store_name: row.storeName,
  phone: row.phone,
  email: row.email,
  invoice_address: row.invoiceAddress,
  contact_person: row.contactPerson,
  chain_id: row.chainId,
  region_id: row.regionId,
  chain: { id: row.chainId, chain_name: row.chainName, has_region: row.hasRegion ? (1 as const) : (0 as const) },
  region: row.regionId !== null && row.regionName !== null ? { id: row.regionId, region_name: row.regionName } : null,
  city: row.city,
  lat: row.lat,
  lng: row.lng,
  created_at: row.createdAt.toISOString(),
});

/** May this user create or change stores of this chain? Admins: any chain; chain-admins: their own. */
function mayWriteChain(user: AuthUser, chainId: number): boolean {
  const scope = scopeOf(user);
  return scope.kind === 'all' || (scope.kind === 'chains' && scope.ids.includes(chainId));
}

export function createStoresService(db: Db) {
  async function visible(user: AuthUser, id: number) {
    const row = await repo.findStore(db, id, storesInScope(scopeOf(user)));
    if (!row) throw new NotFoundError('stores.not_found');
    return row;
  }

  /** The store's chain and region, checked against the caller's scope and each other. */
  async function checkedValues(tx: DbOrTx, user: AuthUser, body: StoreBody): Promise<repo.StoreValues> {
    // A chain outside the caller's scope is refused without telling whether it exists.
    if (!mayWriteChain(user, body.chain_id)) throw new ForbiddenError();
    const { chain, region } = await repo.findStoreParents(tx, body.chain_id, body.region_id);
    if (!chain) throw ValidationError.field('chain_id', v('not_found'));
    if (body.region_id !== null) {
      if (!chain.hasRegion) throw ValidationError.field('region_id', 'stores.chain_without_regions');
      if (!region) throw ValidationError.field('region_id', v('not_found'));
      if (region.chainId !== chain.id) throw ValidationError.field('region_id', 'stores.region_other_chain');
    }
    return repo.storeValues(body);
  }

  return {
    async list(user: AuthUser, params: ListParams & repo.StoreFilters) {
      const { rows, total } = await repo.listStores(db, params, storesInScope(scopeOf(user)));
      return pageOf(rows.map(storeView), total, params);
    },
    get: async (user: AuthUser, id: number) => storeView(await visible(user, id)),
    async create(user: AuthUser, body: StoreBody) {
      const id = await db.transaction(async (tx) => repo.insertStore(tx, await checkedValues(tx, user, body)));
      return storeView((await repo.findStore(db, id)) as repo.StoreRow);
    },
    async update(user: AuthUser, id: number, body: StoreBody) {
      const store = await visible(user, id);
      // The chain is locked on update for a chain-admin (spec 6).
      if (user.role === 'chain-admin' && body.chain_id !== store.chainId) {
        throw ValidationError.field('chain_id', 'stores.chain_locked');
      }
      await db.transaction(async (tx) => {
        const values = await checkedValues(tx, user, body);
        await repo.updateStore(tx, id, values);
        if (values.chainId !== store.chainId && (await repo.clashingAssetTags(tx, id, values.chainId)) > 0) {
          throw new ConflictError('stores.asset_tags_taken');
        }
        if (values.chainId !== store.chainId || values.regionId !== store.regionId) {
          await repo.moveStoreOrders(tx, id, values.chainId, values.regionId);
        }
      });
      return storeView((await repo.findStore(db, id)) as repo.StoreRow);
    },
    async remove(user: AuthUser, id: number) {
      const store = await visible(user, id);
      if (!mayWriteChain(user, store.chainId)) throw new ForbiddenError();
      await db.transaction(async (tx) => {
        await refuseWhileInUse(tx, 'stores', repo.storeReferences(id));
        await repo.deleteStore(tx, id);
      });
    },
  };
}
