import type { AppRoute } from '@wop/shared/roles';
import { type ComponentType, createElement, lazy, useState } from 'react';

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
 * Path params are ids (1 to 9 digits), else the page is not found. A screen made of several
 * features' pages is a route with child pages: CHILD_PAGES below.
 */

/** `preload` fetches the page's chunk ahead of its first render (the loaded module is cached by the browser). */
export type PageComponent = ComponentType & { preload?: () => Promise<unknown> };

/** Lazily loads a page module's named export, so each page is its own chunk. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): PageComponent {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((module) => (loaded = module[name] as ComponentType));
  const Lazy = lazy(async () => ({ default: await preload() }));
  // A page whose code has come (fetched with the profile: AppRoutes.tsx `preloadPage`) renders with the shell,
  // not a moment after it: a lazy component suspends on its first render even when its module is in, and the
  // page's loader then shows for a frame, or for a whole transition when the address is changing.
  // biome-ignore lint/correctness/noComponentHookFactories: page() runs once per page, when this module loads.
  function Page() {
    const [Loaded] = useState(() => loaded);
    return createElement(Loaded ?? Lazy);
  }
  return Object.assign(Page, { preload });
}

/** The shell and every role's first screen: one module, one file (first-screens.ts). */
export const firstScreens = () => import('./first-screens.ts');

const orderDetail = page(() => import('../../features/orders/pages/OrderDetailPage.tsx'), 'OrderDetailPage');
const orderCreate = page(() => import('../../features/orders/pages/OrderCreatePage.tsx'), 'OrderCreatePage');

export const PAGES: Partial<Record<AppRoute, PageComponent>> = {
  welcome: page(firstScreens, 'WelcomePage'),
  account: page(() => import('../../features/account/pages/AccountPage.tsx'), 'AccountPage'),
  'jour-nummer': page(() => import('../../features/jour/pages/JourPage.tsx'), 'JourPage'),
  'upload-files': page(() => import('../../features/files/pages/FilesPage.tsx'), 'FilesPage'),
  'upload-files-create': page(() => import('../../features/files/pages/CreateFolderPage.tsx'), 'CreateFolderPage'),
  'stores-import': page(() => import('../../features/imports/pages/StoreImportPage.tsx'), 'StoreImportPage'),
  'users-bulk-update': page(() => import('../../features/imports/pages/UserBulkUpdatePage.tsx'), 'UserBulkUpdatePage'),
  chains: page(() => import('../../features/chains/pages/ChainsPage.tsx'), 'ChainsPage'),
  'chain-dashboard': page(() => import('../../features/chains/pages/ChainDashboardPage.tsx'), 'ChainDashboardPage'),
  users: page(() => import('../../features/users/pages/UsersPage.tsx'), 'UsersPage'),
  regions: page(() => import('../../features/regions/pages/RegionsPage.tsx'), 'RegionsPage'),
  stores: page(() => import('../../features/stores/pages/StoresPage.tsx'), 'StoresPage'),
  roles: page(() => import('../../features/roles/pages/RolesPage.tsx'), 'RolesPage'),
  orders: page(firstScreens, 'OrdersPage'),
  'order-detail': orderDetail,
  'order-create': orderCreate,
  'work-types': page(() => import('../../features/worktypes/pages/WorkTypesPage.tsx'), 'WorkTypesPage'),
  'order-status': page(() => import('../../features/orderstatus/pages/OrderStatusPage.tsx'), 'OrderStatusPage'),
  assets: page(() => import('../../features/assets/pages/AssetsPage.tsx'), 'AssetsPage'),
  'asset-detail': page(() => import('../../features/assets/pages/AssetPage.tsx'), 'AssetPage'),
  'asset-tag': page(() => import('../../features/assets/pages/AssetTagPage.tsx'), 'AssetTagPage'),
  'assets-import': page(() => import('../../features/imports/pages/AssetImportPage.tsx'), 'AssetImportPage'),
  'api-keys': page(() => import('../../features/api-keys/pages/ApiKeysPage.tsx'), 'ApiKeysPage'),
  webhooks: page(() => import('../../features/webhooks/pages/WebhooksPage.tsx'), 'WebhooksPage'),
  plans: page(() => import('../../features/plans/pages/PlansPage.tsx'), 'PlansPage'),
  'plan-create': page(() => import('../../features/plans/pages/PlanEditPage.tsx'), 'PlanCreatePage'),
  'plan-detail': page(() => import('../../features/plans/pages/PlanEditPage.tsx'), 'PlanPage'),
  'plans-calendar': page(() => import('../../features/plans/pages/PlansCalendarPage.tsx'), 'PlansCalendarPage'),
};

/** A page in its parent route's <Outlet/>: `path` is relative to the parent's; without one it is the index. */
export interface ChildPage {
  path?: string;
  Page: PageComponent;
}

/** A list and its dialogs' paths (lib/route-dialog.ts), one page for the three. */
const withDialogs = (list: string, Page: PageComponent): ChildPage[] =>
  [list, `${list}/create`, `${list}/:id/update`].map((path) => ({ path, Page }));

/**
 * ============================================================================
 *  SCREENS OF SEVERAL FEATURES: the one place where features meet.
 * ============================================================================
 * A feature never imports another. Where a screen shows pages of several, the parent route's
 * page renders an <Outlet/> and the child whose path matches is rendered there.
 */
export const CHILD_PAGES: Partial<Record<AppRoute, ChildPage[]>> = {
  // The figures panel on the welcome page, and above the admins' order list.
  welcome: [{ Page: page(firstScreens, 'HomeDashboard') }],
  orders: [{ Page: page(firstScreens, 'OrdersHomeDashboard') }],
  // The chain dashboard's tabs; the lists and the order pages run in chain mode (the chain fixed).
  'chain-dashboard': [
    { Page: page(() => import('../../features/chains/pages/ChainInformationPage.tsx'), 'ChainInformationPage') },
    ...withDialogs(
      'stores',
      page(() => import('../../features/stores/pages/ChainStoresPage.tsx'), 'ChainStoresPage'),
    ),
    ...withDialogs(
      'users',
      page(() => import('../../features/users/pages/ChainUsersPage.tsx'), 'ChainUsersPage'),
    ),
    ...withDialogs(
      'regions',
      page(() => import('../../features/regions/pages/ChainRegionsPage.tsx'), 'ChainRegionsPage'),
    ),
    { path: 'orders', Page: page(() => import('../../features/orders/pages/ChainOrdersPage.tsx'), 'ChainOrdersPage') },
    { path: 'costs', Page: page(() => import('../../features/chains/pages/ChainCostsPage.tsx'), 'ChainCostsPage') },
    {
      path: 'invoices',
      Page: page(() => import('../../features/chains/pages/ChainInvoicesPage.tsx'), 'ChainInvoicesPage'),
    },
    {
      path: 'api-keys',
      Page: page(() => import('../../features/api-keys/pages/ChainApiKeysPage.tsx'), 'ChainApiKeysPage'),
    },
    {
      path: 'invoices/:invoiceId',
      Page: page(() => import('../../features/chains/pages/InvoicePage.tsx'), 'InvoicePage'),
    },
    {
      path: 'sign-in',
      Page: page(() => import('../../features/chain-sign-in/pages/ChainSignInPage.tsx'), 'ChainSignInPage'),
    },
    {
      path: 'webhooks',
      Page: page(() => import('../../features/webhooks/pages/ChainWebhooksPage.tsx'), 'ChainWebhooksPage'),
    },
    { path: 'orders/create', Page: orderCreate },
    { path: 'orders/:orderId', Page: orderDetail },
    {
      path: 'orders/:orderId/update',
      Page: page(() => import('../../features/orders/pages/OrderDetailPage.tsx'), 'OrderUpdatePage'),
    },
  ],
};
