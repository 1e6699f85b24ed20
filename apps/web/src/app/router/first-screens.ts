/**
 * The signed-in shell and the pages that are some role's first screen, behind one dynamic import: they are
 * one file (vite.config.ts, `first-screen`), fetched in one request rather than with a small file of
 * re-exports for each (a round trip each on a slow line).
 */
export { prefetchOrderList } from '../../entities/orders.ts';
export { HomeDashboard, OrdersHomeDashboard } from '../../features/dashboard/pages/HomeDashboard.tsx';
export { OrdersPage } from '../../features/orders/pages/OrdersPage.tsx';
export { WelcomePage } from '../../features/welcome/pages/WelcomePage.tsx';
export { AppLayout } from '../layout/AppLayout.tsx';
export { prefetchHome } from './home-data.ts';
