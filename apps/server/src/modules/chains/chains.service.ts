import type { ChainBody } from '@wop/shared/chains';
import type { ListParams } from '@wop/shared/query';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import * as repo from './chains.repository.ts';

export const chainView = (row: repo.ChainRow) => ({
  id: row.id,
  chain_name: row.chainName,
  phone: row.phone,
  email: row.email,
  invoice_address: row.invoiceAddress,
  contact_person: row.contactPerson,
  has_region: row.hasRegion ? (1 as const) : (0 as const),
  regions_count: row.regionsCount,
  stores_count: row.storesCount,
  created_at: row.createdAt.toISOString(),
});

const values = (body: ChainBody): repo.ChainValues => ({
  chainName: body.chain_name,
  phone: body.phone,
  email: body.email,
  invoiceAddress: body.invoice_address,
  contactPerson: body.contact_person,
  hasRegion: body.has_region === 1,
});

export function createChainsService(db: Db) {
  /** A chain the caller may see, or 404 (never revealing chains outside the scope). */
  async function visible(user: AuthUser, id: number) {
    const row = await repo.findChain(db, id, chainsInScope(scopeOf(user)));
    if (!row) throw new NotFoundError('chains.not_found');
    return row;
  }

  return {
    async list(user: AuthUser, params: ListParams) {
      const { rows, total } = await repo.listChains(db, params, chainsInScope(scopeOf(user)));
      return pageOf(rows.map(chainView), total, params);
    },
    get: async (user: AuthUser, id: number) => chainView(await visible(user, id)),
    async create(body: ChainBody) {
      const id = await repo.insertChain(db, values(body));
      return chainView((await repo.findChain(db, id)) as repo.ChainRow);
    },
    async update(user: AuthUser, id: number, body: ChainBody) {
      const chain = await visible(user, id);
      // Turning regions off would leave regions and stores pointing at regions of a region-less chain.
      if (chain.hasRegion && body.has_region === 0 && chain.regionsCount > 0) {
        throw ValidationError.field('has_region', 'chains.regions_left');
      }
      await repo.updateChain(db, id, values(body));
      return chainView((await repo.findChain(db, id)) as repo.ChainRow);
    },
    async remove(user: AuthUser, id: number) {
      await visible(user, id);
      await db.transaction(async (tx) => {
        const refs = await repo.chainReferences(tx, id);
        if (refs.stores > 0) throw new ConflictError('chains.has_stores', { count: refs.stores });
        if (refs.orders > 0) throw new ConflictError('chains.has_orders', { count: refs.orders });
        if (refs.users > 0) throw new ConflictError('chains.has_users', { count: refs.users });
        if (refs.categories > 0) throw new ConflictError('chains.has_categories', { count: refs.categories });
        await repo.deleteChain(tx, id);
      });
    },
  };
}
