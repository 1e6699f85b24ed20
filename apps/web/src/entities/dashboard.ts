import { queryOptions } from '@tanstack/react-query';
import type { Dashboard, DashboardFilters } from '@wop/shared/dashboard';
import { api } from '../lib/api.ts';
import { ORDERS_KEY } from './orders.ts';

/**
 * GET /api/dashboard: the home page's numbers, each equal to the total of a filtered order list. The figures show
 * them, and the welcome page's open orders per status come from the same answer.
 */
export async function getDashboard(filters: DashboardFilters, signal?: AbortSignal): Promise<Dashboard> {
  const { payload } = await api.get<Dashboard>('/dashboard', { ...filters }, signal);
  return payload;
}

// Under the 'orders' key so that every order change (which invalidates 'orders') refreshes it.
export const dashboardQueryOptions = (filters: DashboardFilters = {}) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'dashboard', filters],
    queryFn: ({ signal }) => getDashboard(filters, signal),
  });
