import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { flushVisits, refreshVisits, VISIT_QUEUED_EVENT } from '../entities/visits.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { notifyError, notifySuccess } from '../lib/errors.ts';
import { i18n } from '../lib/i18n.ts';

/**
 * Sends the check-ins and check-outs kept on the phone while offline: at sign-in, whenever the
 * browser is back online, and every 30 s while any wait (an "online" browser may still not reach
 * the server).
 */
export function useVisitQueue() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    const flush = () =>
      void flushVisits(user.id, {
        onSent: () => {
          notifySuccess(i18n.t('visits:sentLater'));
          void refreshVisits(queryClient);
        },
        onRefused: (_item, error) => {
          notifyError(error);
          void refreshVisits(queryClient);
        },
      });
    flush();
    window.addEventListener('online', flush);
    window.addEventListener(VISIT_QUEUED_EVENT, flush);
    const timer = setInterval(() => {
      if (navigator.onLine) flush();
    }, 30_000);
    return () => {
      window.removeEventListener('online', flush);
      window.removeEventListener(VISIT_QUEUED_EVENT, flush);
      clearInterval(timer);
    };
  }, [user.id, queryClient]);
}
