import { Suspense } from 'react';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/NotFoundPage.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import type { PageComponent } from './pages.ts';
import { paramsMatch } from './route-table.ts';

/** One routed page: checks its path params, loads its chunk, and contains its failures. */
export function RoutePage({ Page }: { Page: PageComponent }) {
  const params = useParams();
  const { pathname } = useLocation();
  if (!paramsMatch(params)) return <NotFoundPage />;
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageLoader />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
