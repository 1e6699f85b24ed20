import { STORE_SORTS } from '@wop/shared/stores';
import type { z } from 'zod';
import { allPages, dateFormatter, type ExportSource } from '../../lib/export-source.ts';
import { filterId, listQuery } from '../../lib/http.ts';
import { scopeOf } from '../../lib/scope.ts';
import { storesInScope } from '../../lib/scope-sql.ts';
import { listStores } from './stores.repository.ts';

const id = filterId();
const storesQuery = listQuery(STORE_SORTS).extend({ chain_id: id, region_id: id });

export const storesExport: ExportSource = {
  permission: 'export:stores',
  sheet: 'stores',
  file: 'stores',
  query: storesQuery,
  columns: [
    'id',
    'store',
    'phone',
    'email',
    'invoice_address',
    'contact_person',
    'chain',
    'region',
    'city',
    'created_at',
  ],
  async *rows(ctx, query: z.output<typeof storesQuery>) {
    const scope = storesInScope(scopeOf(ctx.user));
    const date = dateFormatter(ctx.timezone);
    for await (const rows of allPages(query, async (page) => (await listStores(ctx.db, page, scope)).rows)) {
      yield rows.map((s) => [
        s.id,
        s.storeName,
        s.phone,
        s.email,
        s.invoiceAddress,
        s.contactPerson,
        s.chainName,
        s.regionName,
        s.city,
        date(s.createdAt),
      ]);
    }
  },
};
