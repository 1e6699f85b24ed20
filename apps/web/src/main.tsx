import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { LOCALES, LOGIN_PATHS } from '@wop/shared/constants';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadSignedIn } from './app/router/AppRoutes.tsx';
import { loadAppConfig, zoneKept } from './lib/app-config.ts';
import { getStoredLanguage, loadLanguage, showLanguage } from './lib/i18n.ts';
import { whenIdle } from './lib/progressive.ts';
import { getToken } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The deployment's settings: once the page has painted where this browser knows its zone already (times are shown
// in it meanwhile), else at once. Signed in, the shell, the page and the profile: fetched while the language loads.
if (zoneKept()) whenIdle(() => void loadAppConfig());
else void loadAppConfig();
const queryClient = createQueryClient();
// A language's sign-in page is in that language whatever this browser chose before (features/auth/pages/LoginPage.tsx).
const signInPage = LOCALES.find((lng) => LOGIN_PATHS[lng] === window.location.pathname);
const signedIn = getToken() !== null && !signInPage;
if (signedIn) preloadSignedIn(queryClient, window.location);

// The language on screen is fetched before the first render, so that no text flashes in another: a sign-in page's
// own (shown, not yet taken as this browser's choice: the page decides that) and only its part, signed out the
// stored language's part (the signed-in app fetches the rest with its shell: app/router/AppRoutes.tsx), signed in
// the whole of the stored language, in one file.
if (signInPage) await showLanguage(signInPage, 'sign-in');
else await loadLanguage(getStoredLanguage(), signedIn ? 'all' : 'sign-in');

// The first render is a transition: React renders it in short slices rather than in one long task, which on a slow
// phone held the page's first input and counted as blocking time. What it shows and when is the same.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  ),
);

// The installable app's service worker and offline notice: production builds only. Where a worker controls the page,
// right after the first render: its word that the answers on screen are cached comes as they arrive. Where none
// does (a first visit), nothing will come: after the paint, with the worker's registration.
if (import.meta.env.PROD) {
  const startPwa = () => void import('./lib/pwa.ts').then((pwa) => pwa.startPwa());
  if (navigator.serviceWorker?.controller) startPwa();
  else whenIdle(startPwa);
}
