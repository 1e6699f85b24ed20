import { and, asc } from 'drizzle-orm';
import { chains } from '../../db/schema/index.ts';
import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { chainsInScope, regionsInScope } from '../../lib/scope-sql.ts';
import { listRegions } from './regions.repository.ts';

export const regionsExport: ExportSource<'RegionsExport'> = {
  permission: 'export:regions',
  sheet: 'regions',
  file: 'regions',
  columns: ['id', 'region', 'phone', 'email', 'contact_person', 'chain', 'stores_count', 'created_at'],
  async *rows(ctx, query) {
    // The regions list is per chain: one chain when given, else every chain the caller may see.
    const chainIds = query.chain_id
      ? [query.chain_id]
      : (
          await ctx.db
            .select({ id: chains.id })
            .from(chains)
            .where(and(chainsInScope(ctx.scope)))
            .orderBy(asc(chains.id))
        ).map((c) => c.id);
    for (const chainId of chainIds) {
      yield* allPages(
        query,
        async (page) => (await listRegions(ctx.db, chainId, page, regionsInScope(ctx.scope))).rows,
        (r) => [
          r.id,
          r.regionName,
          r.phone,
          r.email,
          r.contactPerson,
          r.chainName,
          r.storesCount,
          ctx.date(r.createdAt),
        ],
      );
    }
  },
};
