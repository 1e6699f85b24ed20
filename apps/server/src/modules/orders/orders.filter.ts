import { localDateTime, parseDateRange } from '@wop/shared/date-range';
import { v } from '@wop/shared/validation';
import { ValidationError } from '../../lib/errors.ts';
import { type AuthUser, type Scope, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import type { OrderListFilter, OrderSort, SearchScope } from './orders.repository.ts';

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
  const scope = scopeOf(user);
  return {
    scope: ordersInScope(scope),
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
    searchScope: query.q ? searchScopeOf(scope, query) : undefined,
    singleScope: scope.kind === 'all' || scope.kind === 'technician' || scope.ids.length === 1,
    technicianScope: scope.kind === 'technician',
  };
}

/**
 * The narrowest chain, region or technician that every order of the list has, by the caller's scope
 * or the list's own filter. None under a store (a store's orders are few: its own index is quicker).
 */
function searchScopeOf(scope: Scope, query: OrderListQuery): SearchScope | undefined {
  if (scope.kind === 'stores' || query.store_id) return undefined;
  if (scope.kind === 'technician') return { key: 't', ids: [scope.userId] };
  if (query.region_id) return { key: 'r', ids: [query.region_id] };
  if (scope.kind === 'regions') return { key: 'r', ids: scope.ids };
  if (query.chain_id) return { key: 'c', ids: [query.chain_id] };
  if (scope.kind === 'chains') return { key: 'c', ids: scope.ids };
  return undefined;
}
