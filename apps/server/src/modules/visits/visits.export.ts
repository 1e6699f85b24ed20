import { translate } from '../../i18n/index.ts';
import { allPages, dateFormatter, type ExportSource } from '../../lib/export-source.ts';
import { scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import { listVisits } from './visits.repository.ts';
import { toVisit } from './visits.service.ts';

/** `VisitsExport`: the visits of the orders in scope, with their time on site, flags and confirmation. */
export const visitsExport: ExportSource<'VisitsExport'> = {
  permission: 'export:visits',
  sheet: 'visits',
  file: 'visits',
  columns: [
    'id',
    'project_number',
    'store',
    'technician',
    'checked_in_at',
    'checked_out_at',
    'minutes',
    'distance_m',
    'outcome',
    'flags',
    'confirmed_at',
    'note',
  ],
  async *rows(ctx, query) {
    const scope = ordersInScope(scopeOf(ctx.user));
    const date = dateFormatter(ctx.timezone);
    const t = (key: string) => translate(ctx.locale, key);
    for await (const rows of allPages(query, async (page) => (await listVisits(ctx.db, page, scope)).rows)) {
      yield rows.map((row) => {
        const visit = toVisit(row);
        return [
          visit.id,
          row.project_number,
          row.store_name,
          visit.technician?.name,
          date(visit.checked_in_at),
          date(visit.checked_out_at),
          visit.minutes,
          visit.distance_m,
          visit.outcome ? t(`visits.outcome.${visit.outcome}`) : null,
          visit.flags.map((flag) => t(`visits.flag.${flag}`)).join(', '),
          date(visit.confirmed_at),
          visit.note,
        ];
      });
    }
  },
};
