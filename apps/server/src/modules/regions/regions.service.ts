import type { ListParams } from '@wop/shared/query';
import type { RegionBody } from '@wop/shared/regions';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { refuseWhileInUse } from '../../lib/in-use.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope, regionsInScope } from '../../lib/scope-sql.ts';
import { findChain } from '../chains/chains.repository.ts';
import * as repo from './regions.repository.ts';

export const regionView = (row: repo.RegionRow) => ({
  id: row.id,
  region_name: row.regionName,
  phone: row.phone,
  email: row.email,
  contact_person: row.contactPerson,
  chain_id: row.chainId,
  chain: { id: row.chainId, chain_name: row.chainName },
  stores_count: row.storesCount,
  created_at: row.createdAt.toISOString(),
});

const values = (body: RegionBody): repo.RegionValues => ({
  regionName: body.region_name,
  phone: body.phone,
  email: body.email,
  contactPerson: body.contact_person,
});

export function createRegionsService(db: Db) {
  /** The chain in the path, if the caller may see it; else 404. */
  async function chainOf(user: AuthUser, chainId: number) {
    const chain = await findChain(db, chainId, chainsInScope(scopeOf(user)));
    if (!chain) throw new NotFoundError('chains.not_found');
    return chain;
  }

  async function visible(user: AuthUser, chainId: number, id: number) {
    await chainOf(user, chainId);
    const row = await repo.findRegion(db, chainId, id, regionsInScope(scopeOf(user)));
    if (!row) throw new NotFoundError('regions.not_found');
    return row;
  }

  return {
    async list(user: AuthUser, chainId: number, params: ListParams) {
      await chainOf(user, chainId);
      const { rows, total } = await repo.listRegions(db, chainId, params, regionsInScope(scopeOf(user)));
      return pageOf(rows.map(regionView), total, params);
    },
    get: async (user: AuthUser, chainId: number, id: number) => regionView(await visible(user, chainId, id)),
    async create(user: AuthUser, chainId: number, body: RegionBody) {
      const chain = await chainOf(user, chainId);
      if (!chain.hasRegion) throw new ConflictError('regions.chain_without_regions');
      const id = await repo.insertRegion(db, chainId, values(body));
      return regionView((await repo.findRegion(db, chainId, id)) as repo.RegionRow);
    },
    async update(user: AuthUser, chainId: number, id: number, body: RegionBody) {
      await visible(user, chainId, id);
      await repo.updateRegion(db, id, values(body));
      return regionView((await repo.findRegion(db, chainId, id)) as repo.RegionRow);
    },
    async remove(user: AuthUser, chainId: number, id: number) {
      await visible(user, chainId, id);
      await db.transaction(async (tx) => {
        await refuseWhileInUse(tx, 'regions', repo.regionReferences(id));
        await repo.deleteRegion(tx, id);
      });
    },
  };
}
