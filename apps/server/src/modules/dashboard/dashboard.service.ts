import { COMPLETED_STATUS, type Locale } from '@wop/shared/constants';
import type { Dashboard, DashboardFilters } from '@wop/shared/dashboard';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../lib/scope.ts';
import { attentionAssets } from '../assets/assets.repository.ts';
import { attentionOf } from '../assets/assets.service.ts';
import { spendOf } from '../costs/spend.repository.ts';
import { orderListFilter, tallyKeysOf, whereOf } from '../orders/list/filter.ts';
import { type TallyKey, tallyFor } from '../orders/list/tallies.ts';
import { timeOnSiteTop } from '../visits/visits.repository.ts';
import { dashboardNumbers } from './dashboard.repository.ts';

const DASHBOARD_KEYS: TallyKey[] = ['status_id', 'store_id', 'approval_status', 'recalled'];

/** `sideBySide`: run the dashboard's queries on separate connections (PostgreSQL, not PGlite). */
export function createDashboardService(db: Db, timezone: string, sideBySide = false) {
  return {
    async get(user: AuthUser, filters: DashboardFilters, locale: Locale = 'en'): Promise<Dashboard> {
      const filter = orderListFilter(filters, user, timezone);
      const keys = tallyKeysOf(filter);
      // Its counts are per status, store, approval status and recall: order_tallies holds those keys.
      const tallied = keys !== undefined && tallyFor([...keys, ...DASHBOARD_KEYS])?.table === 'order_tallies';
      // The flagged assets: the last 90 days, whatever the date range.
      const { date_range: _, ...place } = filters;
      const [numbers, flagged, money] = await Promise.all([
        dashboardNumbers(db, { ...filter, tallied }, sideBySide),
        attentionAssets(db, whereOf(orderListFilter(place, user, timezone))),
        spendOf(db, whereOf(filter), timezone, locale),
      ]);
      const completedId = numbers.statuses.find((s) => s.slug === COMPLETED_STATUS)?.id;
      const count = new Map(numbers.byStatus.map((row) => [row.status_id, row.n]));
      const completed = completedId === undefined ? 0 : (count.get(completedId) ?? 0);
      return {
        open_by_status: Object.fromEntries(
          numbers.statuses.filter((s) => s.id !== completedId).map((s) => [s.slug, count.get(s.id) ?? 0]),
        ),
        awaiting_approval: numbers.awaiting,
        overdue: numbers.overdue,
        created: numbers.byStatus.reduce((total, row) => total + row.n, 0),
        completed,
        median_hours_to_complete: numbers.medianHours === null ? null : Math.round(numbers.medianHours * 10) / 10,
        first_time_fix_rate: completed === 0 ? null : numbers.firstFix / completed,
        by_store: numbers.byStore,
        weekly: numbers.weekly,
        assets_attention: flagged.map((row) => ({ ...row, attention: attentionOf(row) ?? 'repeated' })),
        ...money,
        time_on_site: await timeOnSiteTop(db, whereOf(filter)),
      };
    },
  };
}
