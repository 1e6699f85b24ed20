import { translate } from '../../i18n/index.ts';
import { allPages, dateFormatter, type ExportSource } from '../../lib/export-source.ts';
import { scopeOf } from '../../lib/scope.ts';
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
  async *rows(ctx, query) {
    const scope = chainsInScope(scopeOf(ctx.user));
    const date = dateFormatter(ctx.timezone);
    for await (const rows of allPages(query, async (page) => (await listChains(ctx.db, page, scope)).rows)) {
      yield rows.map((c) => [
        c.id,
        c.chainName,
        c.phone,
        c.email,
        c.invoiceAddress,
        c.contactPerson,
        translate(ctx.locale, c.hasRegion ? 'exports.yes' : 'exports.no'),
        c.regionsCount,
        c.storesCount,
        date(c.createdAt),
      ]);
    }
  },
};
