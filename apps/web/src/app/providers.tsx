import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { TOAST_MS } from '@wop/shared/constants';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { useToastsWanted } from '../lib/errors.ts';
import { i18n } from '../lib/i18n.ts';
import { createQueryClient } from './query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

/** Toasts are drawn by a container that loads with the first toast (lib/errors.ts). */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/** Date pickers follow the interface language; weeks start on Monday in all three. */
function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  return <DatesProvider settings={{ locale: instance.language, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

function Toasts() {
  if (!useToastsWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TOAST_MS} limit={1} zIndex={1000} />
    </Suspense>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, fresh cache). */
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          defaultColorScheme="light"
          forceColorScheme="light"
          env={env}
        >
          <LocalizedDates>
            <Toasts />
            {children}
          </LocalizedDates>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
