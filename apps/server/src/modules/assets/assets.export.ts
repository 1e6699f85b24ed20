import { assetListParams } from '@wop/shared/assets';
import { translate } from '../../i18n/index.ts';
import { allPages, dateFormatter, type ExportSource } from '../../lib/export-source.ts';
import { scopeOf } from '../../lib/scope.ts';
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
  async *rows(ctx, query) {
    const scope = assetsInScope(scopeOf(ctx.user));
    const date = dateFormatter(ctx.timezone);
    const fetch = async (page: ReturnType<typeof assetListParams>) =>
      (await listAssets(ctx.db, scope, page, ctx.locale, ctx.timezone)).rows;
    for await (const rows of allPages(assetListParams(query), fetch)) {
      yield rows.map((a) => [
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
        date(a.created_at),
      ]);
    }
  },
};
