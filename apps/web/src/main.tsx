import './lib/zod-jitless.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { createQueryClient } from './app/query-client.ts';
import { preloadSignedIn } from './app/router/AppRoutes.tsx';
import { loadAppConfig } from './lib/app-config.ts';
import { getStoredLanguage, loadLanguage } from './lib/i18n.ts';
import { getToken } from './lib/session.ts';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

// The deployment's settings, and, signed in, the shell, the page and the profile: fetched while the language loads.
void loadAppConfig();
const queryClient = createQueryClient();
if (getToken()) preloadSignedIn(queryClient, window.location);

// Only the language on screen is fetched, before the first render so that no text flashes in another;
// the signed-in app fetches the rest of it with its shell (app/router/AppRoutes.tsx).
await loadLanguage(getStoredLanguage(), 'sign-in');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);

// The installable app's service worker and offline notice: production builds only, after the first render (the
// worker's word that the answers on screen are cached comes as they arrive; its registration waits for the paint).
if (import.meta.env.PROD) void import('./lib/pwa.ts').then((pwa) => pwa.startPwa());
