import { queryOptions } from '@tanstack/react-query';
import { can, type RoleSlug } from '@wop/shared/roles';
import { getOrders, ORDERS_KEY } from '../../../entities/orders.ts';

/**
 * What needs the user now, by role: approvers the open orders awaiting approval (oldest first),
 * technicians their open jobs (soonest planned first, unplanned last), store managers their open
 * orders (latest change first; replies waiting are shown first on screen).
 */
export type NeedsYouKind = 'approval' | 'jobs' | 'open';

export function needsYouKind(role: RoleSlug | null): NeedsYouKind {
  if (role === 'technician') return 'jobs';
  return can(role, 'order:set-approval') ? 'approval' : 'open';
}

/** The order list's filters and sort for each kind: the "See all" link opens the same list. */
export const NEEDS_YOU_FILTERS: Record<NeedsYouKind, Record<string, string>> = {
  approval: { approval_status: 'pending', open: 'true' },
  jobs: { open: 'true' },
  open: { open: 'true' },
};
const SORT: Record<NeedsYouKind, Record<string, string>> = {
  approval: { sort_by: 'created_at', sort_order: 'asc' },
  jobs: { sort_by: 'planned_at', sort_order: 'asc' },
  open: { sort_by: 'updated_at', sort_order: 'desc' },
};

/** Completed orders the store has not signed off yet (store managers: "fixed" or "not fixed"). */
export const SIGN_OFF_FILTERS = { awaiting_sign_off: 'true' };

export const signOffQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'needs-you', 'sign-off'],
    queryFn: ({ signal }) =>
      getOrders({ ...SIGN_OFF_FILTERS, sort_by: 'completed_at', sort_order: 'asc', limit: NEEDS_YOU_LIMIT }, signal),
    meta: { silent: true },
  });

/** How many orders the section lists; "See all" opens the rest. */
export const NEEDS_YOU_LIMIT = 6;

export const needsYouQueryOptions = (kind: NeedsYouKind) =>
  queryOptions({
    // Under 'orders': live order events refresh it like the list.
    queryKey: [...ORDERS_KEY, 'needs-you', kind],
    queryFn: async ({ signal }) => {
      const query = { ...NEEDS_YOU_FILTERS[kind], ...SORT[kind], limit: NEEDS_YOU_LIMIT };
      return getOrders(query, signal);
    },
    meta: { silent: true },
  });
