import { type QueryClient, useQuery } from '@tanstack/react-query';
import { LOGIN_PATHS } from '@wop/shared/constants';
import { type AppRoute, ROUTES } from '@wop/shared/roles';
import { lazy, Suspense, useEffect } from 'react';
import { matchRoutes, Navigate, Route, type RouteObject, Routes, useLocation, useNavigate } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { LoginPage } from '../../features/auth/pages/LoginPage.tsx';
import { isApiError } from '../../lib/api.ts';
import { CurrentUserContext, profileQueryOptions, useRole } from '../../lib/current-user.ts';
import { currentLanguage, loadLanguage } from '../../lib/i18n.ts';
import { PageHeaderProvider } from '../../lib/page-header.tsx';
import {
  DEFAULT_AFTER_LOGIN,
  lastSignOutReason,
  loginPath,
  rememberReturnPath,
  useSessionToken,
} from '../../lib/session.ts';
import { CHILD_PAGES, firstScreens, PAGES, type PageComponent } from './pages.ts';
import { RoutePage } from './RoutePage.tsx';
import { ROUTE_PATHS } from './route-table.ts';

// The signed-in shell loads apart from the sign-in page, which then carries only what it shows.
const loadAppLayout = () => Promise.all([firstScreens(), loadLanguage(currentLanguage())]).then(([module]) => module);
const AppLayout = lazy(async () => ({ default: (await loadAppLayout()).AppLayout }));
const MaintenancePage = lazy(async () => ({
  default: (await import('../pages/MaintenancePage.tsx')).MaintenancePage,
}));

export type PageMap = Partial<Record<AppRoute, PageComponent>>;

/**
 * The whole route tree: the three login routes, then the signed-in app, whose routes are
 * exactly the role's entries in the shared ROUTES table that have a page in PAGES.
 * Anything else is the not-found page.
 */
export function AppRoutes({ pages = PAGES }: { pages?: PageMap }) {
  return (
    <Routes>
      <Route path={LOGIN_PATHS.en} element={<LoginPage lng="en" />} />
      <Route path={LOGIN_PATHS.sv} element={<LoginPage lng="sv" />} />
      <Route path={LOGIN_PATHS.fi} element={<LoginPage lng="fi" />} />
      <Route path="*" element={<SignedIn pages={pages} />} />
    </Routes>
  );
}

/** Logged out: remember where the user was going and send them to login (spec 2). */
function SignedIn({ pages }: { pages: PageMap }) {
  const token = useSessionToken();
  const location = useLocation();
  if (!token) {
    if (lastSignOutReason() !== 'logout') rememberReturnPath(location.pathname + location.search + location.hash);
    // Visiting / means English (spec 2); elsewhere the stored language's login.
    return <Navigate to={location.pathname === '/' ? LOGIN_PATHS.en : loginPath()} replace />;
  }
  // The shell and the page asked for are fetched while the profile loads, not after it.
  void loadAppLayout();
  preloadPage(pages, location.pathname);
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <ProfileGate pages={pages} />
    </Suspense>
  );
}

// Each route's page is found by its id, each child page is its route's handle.
const ROUTE_LIST: RouteObject[] = Object.entries(ROUTE_PATHS).map(([id, path]) => ({
  id,
  path,
  children: CHILD_PAGES[id as AppRoute]?.map(({ path, Page }) =>
    path ? { path, handle: Page } : { index: true, handle: Page },
  ),
}));

/**
 * Starts loading the chunks of the pages at `pathname` (whichever role may see them): a route's and its child's. At /
 * also the order list's, the home of the roles without a welcome page (RoleRoutes).
 */
function preloadPage(pages: PageMap, pathname: string): void {
  const matches = [pathname, ...(pathname === '/' ? [DEFAULT_AFTER_LOGIN] : [])].flatMap(
    (path) => matchRoutes(ROUTE_LIST, path) ?? [],
  );
  for (const { route } of matches) {
    const Page: PageComponent | undefined = route.handle ?? pages[route.id as AppRoute];
    // A failed fetch is reported by the page's own render, which loads it again.
    Page?.preload?.().catch(() => undefined);
  }
}

/**
 * What a signed-in visit to `pathname` needs first, started before the first render (main.tsx, which calls it for
 * a session outside the sign-in pages) rather than after it: the shell with the whole language, the page's chunks
 * and the user's profile, and at `/` the home's calls once the profile says whose home it is.
 */
export function preloadSignedIn(
  queryClient: QueryClient,
  { pathname, search }: { pathname: string; search: string },
  pages: PageMap = PAGES,
): void {
  loadAppLayout().catch(() => undefined);
  preloadPage(pages, pathname);
  const profile = queryClient.fetchQuery(profileQueryOptions()).catch(() => null);
  if (pathname === '/') {
    // The home's calls come with the first screens' code (one chunk, fetched just above), not in this file,
    // which the sign-in page loads too.
    Promise.all([profile, firstScreens()])
      .then(([user, screens]) => user && screens.prefetchHome(queryClient, user, currentLanguage()))
      .catch(() => undefined);
  }
  // The order list, some roles' first screen, is fetched too rather than once its code has rendered: from the first
  // screens' chunk (fetched above; the start hints ask for it with this file), which keeps the list's helpers.
  if (pathname === ROUTE_PATHS.orders) {
    firstScreens()
      .then((screens) => screens.prefetchOrderList(queryClient, search, currentLanguage()))
      .catch(() => undefined);
  }
}

/** The routes of CHILD_PAGES, rendered in their parent page's <Outlet/>. */
function childRoutes(route: AppRoute) {
  return CHILD_PAGES[route]?.map(({ path, Page }) =>
    path ? (
      <Route key={path} path={path} element={<RoutePage Page={Page} />} />
    ) : (
      <Route key="index" index element={<RoutePage Page={Page} />} />
    ),
  );
}

/** A route with child paths is forbidden at any depth below it too. */
const forbiddenPath = (route: AppRoute) =>
  CHILD_PAGES[route]?.some((child) => child.path) ? `${ROUTE_PATHS[route]}/*` : ROUTE_PATHS[route];

/** Loads the user: spinner while loading, maintenance on 500, sign-out on 401 (the client clears the session). */
function ProfileGate({ pages }: { pages: PageMap }) {
  const profile = useQuery(profileQueryOptions());
  if (profile.isPending) return <PageLoader fullScreen />;
  if (profile.isError) {
    if (isApiError(profile.error) && profile.error.status === 401) return <PageLoader fullScreen />;
    return <MaintenancePage onRefresh={() => void profile.refetch()} refreshing={profile.isFetching} />;
  }
  return (
    <CurrentUserContext.Provider value={profile.data}>
      <PageHeaderProvider>
        <AppLayout>
          <RoleRoutes pages={pages} />
        </AppLayout>
      </PageHeaderProvider>
    </CurrentUserContext.Provider>
  );
}

function RoleRoutes({ pages }: { pages: PageMap }) {
  const role = useRole();
  const location = useLocation();
  const navigate = useNavigate();
  const allowed: AppRoute[] = role ? ROUTES[role] : [];
  const Welcome = allowed.includes('welcome') ? pages.welcome : undefined;
  // Without a welcome page, home is the order list: shown at once, in the first render with the profile, and the
  // address follows. (A redirect would first paint the empty shell, then render the list in a navigation, which
  // React renders in slices as a transition: the list came 0.25 s later on a phone.) The same routes render with
  // either address, so nothing is rendered anew when it changes.
  const homeIsList = location.pathname === '/' && !Welcome;
  useEffect(() => {
    if (homeIsList) navigate(DEFAULT_AFTER_LOGIN, { replace: true });
  }, [homeIsList, navigate]);
  return (
    <Routes location={homeIsList ? { ...location, pathname: DEFAULT_AFTER_LOGIN } : location}>
      {Welcome && (
        <Route path="/" element={<RoutePage Page={Welcome} />}>
          {childRoutes('welcome')}
        </Route>
      )}
      {allowed.map((route) => {
        const Page = pages[route];
        if (route === 'welcome' || !Page) return null;
        return (
          <Route key={route} path={ROUTE_PATHS[route]} element={<RoutePage Page={Page} next={CHILD_PAGES[route]} />}>
            {childRoutes(route)}
          </Route>
        );
      })}
      {/* Pages of other roles: forbidden, not "not found". */}
      {(Object.keys(ROUTE_PATHS) as AppRoute[])
        .filter((route) => route !== 'welcome' && !allowed.includes(route) && pages[route])
        .map((route) => (
          <Route key={route} path={forbiddenPath(route)} element={<NotFoundPage kind="forbidden" />} />
        ))}
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
