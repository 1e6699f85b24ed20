import type { Page } from '@wop/shared/api';
import type { Order } from '@wop/shared/orders';
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
