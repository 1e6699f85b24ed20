import { localDateTime, parseDateRange } from '@wop/shared/date-range';
import { v } from '@wop/shared/validation';
import { ValidationError } from '../../lib/errors.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import type { OrderListFilter, OrderSort } from './orders.repository.ts';

/** The order list's query string (orders.routes.ts `listQuerystring`), as the list and the export read it. */
export interface OrderListQuery {
  q?: string;
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  worktype_id?: number;
  status?: string;
  approval_status?: 'pending' | 'approved' | 'rejected';
  date_range?: string;
  overdue?: boolean;
  open?: boolean;
  recalled?: boolean;
}

export interface ListQuery extends OrderListQuery {
  page: number;
  limit: number;
  sort_by: OrderSort;
  sort_order: 'asc' | 'desc';
}

/** A `date_range` filter as the repository's local times, or the 422 of a range that is not real. */
export function createdBetween(value: string | undefined): { created_from?: string; created_to?: string } {
  if (value === undefined) return {};
  const range = parseDateRange(value);
  if (!range) throw ValidationError.field('date_range', v('date_range'));
  return { created_from: localDateTime(range.from), created_to: localDateTime(range.to) };
}

/** The one translation of the list's filters into the repository's: the list and the export share it. */
export function orderListFilter(query: OrderListQuery, user: AuthUser, timezone: string): OrderListFilter {
  return {
    scope: ordersInScope(scopeOf(user)),
    chain_id: query.chain_id,
    region_id: query.region_id,
    store_id: query.store_id,
    worktype_id: query.worktype_id,
    status: query.status,
    approval_status: query.approval_status,
    ...createdBetween(query.date_range),
    timezone,
    overdue: query.overdue,
    open: query.open,
    recalled: query.recalled,
    q: query.q,
  };
}
