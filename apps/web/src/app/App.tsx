import { BrowserRouter } from 'react-router';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { AppProviders } from './providers.tsx';
import { AppRoutes } from './router/AppRoutes.tsx';

export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
