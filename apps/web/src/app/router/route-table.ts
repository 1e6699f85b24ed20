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
  assets: '/assets',
  'assets-import': '/assets/import',
  'asset-detail': '/assets/:assetId',
  // Where a label's QR code leads: a tag, not an id.
  'asset-tag': '/assets/tag/:tag',
  // Keys for machines (the admins'; a chain's are a tab of its page).
  'api-keys': '/api-keys',
  // An admin's webhooks (a chain-admin's are on its chain's page).
  webhooks: '/webhooks',
  // Maintenance plans: the list, a new one, one plan (its form, or read-only), the month calendar.
  plans: '/plans',
  'plan-create': '/plans/create',
  'plan-detail': '/plans/:planId',
  'plans-calendar': '/plans/calendar',
};

/** Path parameters that are not ids, with what they may hold. */
const PARAM_PATTERNS: Record<string, RegExp> = {
  // An asset's tag as printed on its label (the API's rule).
  tag: /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/,
};

/**
 * Every path parameter is an id of 1 to 9 digits (or matches its own pattern above), else the page
 * is not found (spec 2, 9; the API answers 404 past 9 digits too).
 */
export function paramsMatch(params: Record<string, string | undefined>): boolean {
  return Object.entries(params).every(
    ([name, value]) => name === '*' || (PARAM_PATTERNS[name] ?? /^\d{1,9}$/).test(value ?? ''),
  );
}
