import { translate } from '../../i18n/index.ts';
import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import { listChains } from './chains.repository.ts';

export const chainsExport: ExportSource<'ChainsExport'> = {
  permission: 'export:chains',
  sheet: 'chains',
  file: 'chains',
  columns: [
    'id',
    'chain',
    'phone',
    'email',
    'invoice_address',
    'contact_person',
    'has_region',
    'regions_count',
    'stores_count',
    'created_at',
  ],
  rows: (ctx, query) =>
    allPages(
      query,
      async (page) => (await listChains(ctx.db, page, chainsInScope(ctx.scope))).rows,
      (c) => [
        c.id,
        c.chainName,
        c.phone,
        c.email,
        c.invoiceAddress,
        c.contactPerson,
        translate(ctx.locale, c.hasRegion ? 'exports.yes' : 'exports.no'),
        c.regionsCount,
        c.storesCount,
        ctx.date(c.createdAt),
      ],
    ),
};
