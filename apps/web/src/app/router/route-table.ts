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
  // Its tabs are child routes (pages.ts, CHILD_PAGES): /chains/:chainId/stores and so on.
  'chain-dashboard': '/chains/:chainId',
  users: '/users',
  'users-bulk-update': '/users/bulk-update',
  regions: '/regions',
  stores: '/stores',
  'stores-import': '/stores/import',
};

/**
 * Every path parameter is an id of 1 to 9 digits, else the page is not found (spec 2, 9; the API
 * answers 404 past 9 digits too).
 */
export function paramsMatch(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(([name, value]) => name === '*' || /^\d{1,9}$/.test(value ?? ''));
}
