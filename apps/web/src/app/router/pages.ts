import type { AppRoute } from '@wop/shared/roles';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * ============================================================================
 *  FEATURE PAGES: the one place where a page is attached to a route.
 * ============================================================================
 * To add a page:
 *   1. Write it in `src/features/<feature>/pages/<Name>Page.tsx` as a named export.
 *   2. Add one line below: `<route id>: page(() => import('...'), '<Name>Page'),`
 * The route id is a key of ROUTES in `@wop/shared/roles`; its path is in `route-table.ts`.
 * Which roles see it comes from the shared ROUTES table, so nothing else changes.
 * A route without a line here shows the not-found page.
 *
 * Path params: `/orders/:orderId` (digits only), `/chains/:chainId/*` (up to 9 digits;
 * the chain dashboard renders its own nested <Routes> for regions, stores, users, orders).
 */

/** `preload` fetches the page's chunk ahead of its first render (the loaded module is cached by the browser). */
export type PageComponent = LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };

/** Lazily loads a page module's named export, so each page is its own chunk. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): PageComponent {
  return Object.assign(
    lazy(async () => ({ default: (await load())[name] as ComponentType })),
    { preload: load },
  );
}

export const PAGES: Partial<Record<AppRoute, PageComponent>> = {
  welcome: page(() => import('../pages/WelcomeHomePage.tsx'), 'WelcomeHomePage'),
  account: page(() => import('../../features/account/pages/AccountPage.tsx'), 'AccountPage'),
  'jour-nummer': page(() => import('../../features/jour/pages/JourPage.tsx'), 'JourPage'),

  // ---- Add feature pages here (one line each) -----------------------------------
  'upload-files': page(() => import('../../features/files/pages/FilesPage.tsx'), 'FilesPage'),
  'upload-files-create': page(() => import('../../features/files/pages/CreateFolderPage.tsx'), 'CreateFolderPage'),
  'stores-import': page(() => import('../../features/imports/pages/StoreImportPage.tsx'), 'StoreImportPage'),
  'users-bulk-update': page(() => import('../../features/imports/pages/UserBulkUpdatePage.tsx'), 'UserBulkUpdatePage'),
  chains: page(() => import('../../features/chains/pages/ChainsPage.tsx'), 'ChainsPage'),
  'chain-dashboard': page(() => import('../pages/ChainDashboardPage.tsx'), 'ChainDashboardPage'),
  users: page(() => import('../../features/users/pages/UsersPage.tsx'), 'UsersPage'),
  regions: page(() => import('../../features/regions/pages/RegionsPage.tsx'), 'RegionsPage'),
  stores: page(() => import('../../features/stores/pages/StoresPage.tsx'), 'StoresPage'),
  roles: page(() => import('../../features/roles/pages/RolesPage.tsx'), 'RolesPage'),
  orders: page(() => import('../pages/OrdersHomePage.tsx'), 'OrdersPage'),
  'order-detail': page(() => import('../../features/orders/pages/OrderDetailPage.tsx'), 'OrderDetailPage'),
  'order-create': page(() => import('../../features/orders/pages/OrderCreatePage.tsx'), 'OrderCreatePage'),
  'work-types': page(() => import('../../features/worktypes/pages/WorkTypesPage.tsx'), 'WorkTypesPage'),
  'order-status': page(() => import('../../features/orderstatus/pages/OrderStatusPage.tsx'), 'OrderStatusPage'),
  // chains: ..., 'chain-dashboard': ..., users: ..., regions: ..., stores: ..., roles: ...,
  // 'work-types': ..., 'order-status': ..., 'upload-files': ..., 'upload-files-create': ...,
  // 'stores-import': ..., 'users-bulk-update': ...
  // --------------------------------------------------------------------------------
};
