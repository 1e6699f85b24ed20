import { CHAIN_SORTS } from '@wop/shared/chains';
import type { z } from 'zod';
import { translate } from '../../i18n/index.ts';
import { allPages, dateFormatter, type ExportSource } from '../../lib/export-source.ts';
import { listQuery } from '../../lib/http.ts';
import { scopeOf } from '../../lib/scope.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import { listChains } from './chains.repository.ts';

const chainsQuery = listQuery(CHAIN_SORTS);

export const chainsExport: ExportSource = {
  permission: 'export:chains',
  sheet: 'chains',
  file: 'chains',
  query: chainsQuery,
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
  async *rows(ctx, query: z.output<typeof chainsQuery>) {
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
