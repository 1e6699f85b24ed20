import { COMPLETED_STATUS } from '@wop/shared/constants';
import type { Dashboard, DashboardFilters } from '@wop/shared/dashboard';
import type { Db } from '../../db/client.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import { createdBetween } from '../orders/orders.filter.ts';
import { dashboardNumbers } from './dashboard.repository.ts';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function createDashboardService(db: Db, timezone: string) {
  return {
    async get(user: AuthUser, filters: DashboardFilters): Promise<Dashboard> {
      const numbers = await dashboardNumbers(db, {
        scope: ordersInScope(scopeOf(user)),
        chain_id: filters.chain_id,
        region_id: filters.region_id,
        store_id: filters.store_id,
        ...createdBetween(filters.date_range),
        timezone,
      });
      const completedId = numbers.statuses.find((s) => s.slug === COMPLETED_STATUS)?.id;
      const count = new Map(numbers.byStatus.map((row) => [row.status_id, row.n]));
      const completed = completedId === undefined ? 0 : (count.get(completedId) ?? 0);
      const firstFix = sum(numbers.byStatus.map((row) => row.first_fix));
      return {
        open_by_status: Object.fromEntries(
          numbers.statuses.filter((s) => s.id !== completedId).map((s) => [s.slug, count.get(s.id) ?? 0]),
        ),
        awaiting_approval: sum(numbers.byStatus.map((row) => row.awaiting)),
        overdue: sum(numbers.byStatus.map((row) => row.overdue)),
        created: sum(numbers.byStatus.map((row) => row.n)),
        completed,
        median_hours_to_complete: numbers.medianHours === null ? null : Math.round(numbers.medianHours * 10) / 10,
        first_time_fix_rate: completed === 0 ? null : firstFix / completed,
        by_store: numbers.byStore,
        weekly: numbers.weeks.map((week) => ({
          week,
          created: numbers.createdByWeek.get(week) ?? 0,
          completed: numbers.completedByWeek.get(week) ?? 0,
        })),
      };
    },
  };
}
