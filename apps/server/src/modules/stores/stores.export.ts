import { allPages, type ExportSource } from '../../lib/export-source.ts';
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
  rows: (ctx, query) =>
    allPages(
      query,
      async (page) => (await listStores(ctx.db, page, storesInScope(ctx.scope))).rows,
      (s) => [
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
        ctx.date(s.createdAt),
      ],
    ),
};
