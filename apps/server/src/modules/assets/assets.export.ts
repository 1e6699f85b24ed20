import { assetListParams } from '@wop/shared/assets';
import { translate } from '../../i18n/index.ts';
import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { assetsInScope } from '../../lib/scope-sql.ts';
import { listAssets } from './assets.repository.ts';

export const assetsExport: ExportSource<'AssetsExport'> = {
  permission: 'export:assets',
  sheet: 'assets',
  file: 'assets',
  columns: [
    'id',
    'tag',
    'name',
    'status',
    'store',
    'chain',
    'region',
    'worktype',
    'make',
    'model',
    'serial',
    'installed_on',
    'warranty_until',
    'replacement_value',
    'notes',
    'created_at',
  ],
  rows: (ctx, query) =>
    allPages(
      assetListParams(query),
      async (page) => (await listAssets(ctx.db, assetsInScope(ctx.scope), page, ctx.locale, ctx.timezone)).rows,
      (a) => [
        a.id,
        a.tag,
        a.name,
        translate(ctx.locale, `assets.status.${a.status}`),
        a.store_name,
        a.chain_name,
        a.region_name,
        a.worktype_label,
        a.make,
        a.model,
        a.serial,
        a.installed_on,
        a.warranty_until,
        // In the currency's units, as a spreadsheet sums them (the API's minor units / 100).
        a.replacement_value_minor === null ? null : a.replacement_value_minor / 100,
        a.notes,
        ctx.date(a.created_at),
      ],
    ),
};
