import { Suspense, useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import type { ChildPage, PageComponent } from './pages.ts';
import { paramsMatch } from './route-table.ts';

/**
 * One routed page: checks its path params, loads its chunk, and contains its failures. `next`: the
 * pages of its child routes (a screen's tabs), fetched once it has shown, so that moving to one of
 * them waits for no download.
 */
export function RoutePage({ Page, next }: { Page: PageComponent; next?: ChildPage[] }) {
  const params = useParams();
  const { pathname } = useLocation();
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => {
      for (const child of next) child.Page.preload?.().catch(() => undefined);
    }, 1000);
    return () => clearTimeout(timer);
  }, [next]);
  if (!paramsMatch(params)) return <NotFoundPage />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
