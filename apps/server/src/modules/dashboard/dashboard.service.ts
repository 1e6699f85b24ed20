import { COMPLETED_STATUS } from '@wop/shared/constants';
import type { Dashboard, DashboardFilters } from '@wop/shared/dashboard';
import type { Db } from '../../db/client.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import { createdBetween } from '../orders/list/filter.ts';
import { dashboardNumbers } from './dashboard.repository.ts';

/** `sideBySide`: run the dashboard's queries on separate connections (PostgreSQL, not PGlite). */
export function createDashboardService(db: Db, timezone: string, sideBySide = false) {
  return {
    async get(user: AuthUser, filters: DashboardFilters): Promise<Dashboard> {
      const scope = scopeOf(user);
      const created = createdBetween(filters.date_range);
      const numbers = await dashboardNumbers(
        db,
        {
          scope: ordersInScope(scope),
          chain_id: filters.chain_id,
          region_id: filters.region_id,
          store_id: filters.store_id,
          ...created,
          timezone,
          // The tallies count by scope, chain, region and store, not by creation time.
          tallied: !created.created_from && !created.created_to,
        },
        sideBySide,
      );
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
      };
    },
  };
}
