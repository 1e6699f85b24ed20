import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router/AppRoutes.tsx';

/** `queryClient`: the one main.tsx made, which has the signed-in user's first calls under way already. */
export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
