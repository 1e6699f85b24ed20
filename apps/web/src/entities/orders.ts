import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@wop/shared/api';
import { type Locale, ORDER_FILTERS, pageSizesFor } from '@wop/shared/constants';
import type { Order } from '@wop/shared/orders';
import { readListState, type SortSpec, toListQuery } from '../components/DataTable/list-params.ts';
import { getPage, type QueryParams } from '../lib/api.ts';

/**
 * Every order query starts with this key: the list, a detail, the welcome page's and the dashboard's
 * counts. Invalidating it reloads what shows orders; the live events refresh it.
 */
export const ORDERS_KEY = ['orders'] as const;

/** Every chat query, of all orders, starts with this key. */
export const CHAT_KEY = ['chat'] as const;

/** An order's chat: all of it, its messages, its unread count. */
export const chatKeys = {
  all: (orderId: number) => [...CHAT_KEY, orderId] as const,
  messages: (orderId: number, limit: number) => [...CHAT_KEY, orderId, 'messages', limit] as const,
  unread: (orderId: number) => [...CHAT_KEY, orderId, 'unread'] as const,
};

/** GET /api/orders: a page of orders in the caller's scope, with filters (spec 3). */
export const getOrders = (query: QueryParams, signal?: AbortSignal): Promise<Page<Order>> =>
  getPage<Order>('/orders', query, signal);

/** Every order list's key starts with this. */
export const ORDER_LIST_KEY = [...ORDERS_KEY, 'list'];

/** The order list's key, of one chain or of all the user's orders: the list's params follow it. */
export const orderListKey = (chainId?: number) => [...ORDER_LIST_KEY, chainId ?? 'all'];

/** The order list's default order: newest project number first. */
export const ORDER_SORT: SortSpec = { by: 'project_number', order: 'desc' };

/**
 * The page of /orders that `search` asks for, fetched with the shell and the profile (main.tsx) instead
 * of once the list's code has come and rendered: the list then renders from it. Silent: a role without
 * the list is sent elsewhere, and the list reports its own failures.
 */
export function prefetchOrderList(queryClient: QueryClient, search: string, lng: Locale): void {
  const state = readListState(new URLSearchParams(search), ORDER_SORT, ORDER_FILTERS, pageSizesFor(lng));
  const query = toListQuery(state);
  void queryClient.prefetchQuery({
    queryKey: [...orderListKey(), query],
    queryFn: ({ signal }) => getOrders(query, signal),
    meta: { silent: true },
  });
}

/** The order page: what other pages link to (app/router/route-table.ts has the route). */
export const orderPath = (id: number) => `/orders/${id}`;

/** The order list with these filters set (the names of its URL, as the list reads them). */
export function orderListPath(filters: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(filters).map(([name, value]) => [name, String(value)]));
  return query.size > 0 ? `/orders?${query}` : '/orders';
}

/** The new-order page. */
export const ORDER_CREATE_PATH = '/orders/create';
