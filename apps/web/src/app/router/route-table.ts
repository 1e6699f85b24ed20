import type { AppRoute } from '@wop/shared/roles';

/**
 * Where each route of the shared ROUTES table lives. Which role has which route comes
 * from `@wop/shared/roles` (ROUTES); which page renders it comes from `pages.ts`.
 */
export const ROUTE_PATHS: Record<AppRoute, string> = {
  welcome: '/',
  account: '/account',
  'jour-nummer': '/jour-nummer',
  orders: '/orders',
  'order-create': '/orders/create',
  'order-detail': '/orders/:orderId',
  'upload-files': '/upload-files',
  'upload-files-create': '/upload-files/create',
  roles: '/roles',
  'work-types': '/work-types',
  'order-status': '/order-status',
  chains: '/chains',
  // The chain dashboard renders its own nested routes (regions, stores, users, orders...).
  'chain-dashboard': '/chains/:chainId/*',
  users: '/users',
  'users-bulk-update': '/users/bulk-update',
  regions: '/regions',
  stores: '/stores',
  'stores-import': '/stores/import',
};

/**
 * Path parameters that must match, else the page is not found: an order id is digits
 * only, a chain id up to 9 digits (spec 2, 9; the API answers 404 past 9 digits too).
 */
export const ROUTE_PARAMS: Partial<Record<AppRoute, Record<string, RegExp>>> = {
  'order-detail': { orderId: /^\d{1,9}$/ },
  'chain-dashboard': { chainId: /^\d{1,9}$/ },
};

export function paramsMatch(route: AppRoute, params: Record<string, string | undefined>): boolean {
  const patterns = ROUTE_PARAMS[route];
  if (!patterns) return true;
  return Object.entries(patterns).every(([name, pattern]) => pattern.test(params[name] ?? ''));
}
