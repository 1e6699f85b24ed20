import { allPages, dateFormatter, type ExportSource } from '../../lib/export-source.ts';
import { scopeOf } from '../../lib/scope.ts';
import { storesInScope } from '../../lib/scope-sql.ts';
import { listStores } from './stores.repository.ts';

export const storesExport: ExportSource<'StoresExport'> = {
  permission: 'export:stores',
  sheet: 'stores',
  file: 'stores',
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
    'lat',
    'lng',
    'created_at',
  ],
  async *rows(ctx, query) {
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
        s.lat,
        s.lng,
        date(s.createdAt),
      ]);
    }
  },
};
