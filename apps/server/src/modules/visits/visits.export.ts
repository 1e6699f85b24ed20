import { translate } from '../../i18n/index.ts';
import { allPages, type ExportSource } from '../../lib/export-source.ts';
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
  rows(ctx, query) {
    const t = (key: string) => translate(ctx.locale, key);
    return allPages(
      query,
      async (page) => (await listVisits(ctx.db, page, ordersInScope(ctx.scope))).rows,
      (row) => {
        const visit = toVisit(row);
        return [
          visit.id,
          row.project_number,
          row.store_name,
          visit.technician?.name,
          ctx.date(visit.checked_in_at),
          ctx.date(visit.checked_out_at),
          visit.minutes,
          visit.distance_m,
          visit.outcome ? t(`visits.outcome.${visit.outcome}`) : null,
          visit.flags.map((flag) => t(`visits.flag.${flag}`)).join(', '),
          ctx.date(visit.confirmed_at),
          visit.note,
        ];
      },
    );
  },
};
