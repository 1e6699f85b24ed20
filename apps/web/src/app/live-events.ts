import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_KEY, unreadKey } from '../entities/notifications.ts';
import { CHAT_KEY, chatKeys, ORDERS_KEY } from '../entities/orders.ts';
import { api } from '../lib/api.ts';
import { setLive } from '../lib/live-status.ts';

/** Order queries that no event changes (reference data under the orders key). */
const STATIC_ORDER_QUERIES = new Set(['priorities', 'options']);

function refreshOrders(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => q.queryKey[0] === ORDERS_KEY[0] && !STATIC_ORDER_QUERIES.has(String(q.queryKey[1])),
  });
}

/**
 * Keeps what is on screen fresh from `GET /api/events` while signed in: a one-time ticket opens the
 * stream (EventSource sends no headers); on a drop the stream is reopened with a new ticket and the
 * last event id (the server replays what was missed), and screens poll until it is back.
 */
export function useLiveEvents(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let lastId: string | undefined;
    let failures = 0;

    const track = (event: MessageEvent) => {
      if (event.lastEventId) lastId = event.lastEventId;
    };

    async function connect() {
      try {
        const { payload } = await api.post<{ ticket: string }>('/events/ticket');
        if (stopped) return;
        const query = new URLSearchParams({ ticket: payload.ticket });
        if (lastId) query.set('last_event_id', lastId);
        source = new EventSource(`/api/events?${query}`);
      } catch {
        scheduleRetry();
        return;
      }
      source.onopen = () => {
        // Back after a drop longer than the replay window: refresh once.
        if (failures > 0) {
          void refreshOrders(queryClient);
          void queryClient.invalidateQueries({ queryKey: CHAT_KEY });
          void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
        }
        failures = 0;
        setLive(true);
      };
      source.addEventListener('order', (event) => {
        track(event);
        void refreshOrders(queryClient);
      });
      source.addEventListener('message', (event) => {
        track(event);
        const { order_id } = JSON.parse(event.data) as { order_id: number };
        void queryClient.invalidateQueries({ queryKey: chatKeys.all(order_id) });
        void refreshOrders(queryClient);
      });
      source.addEventListener('notification', (event) => {
        track(event);
        const { unread } = JSON.parse(event.data) as { unread: number };
        queryClient.setQueryData(unreadKey, unread);
        void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
      });
      source.onerror = () => {
        source?.close();
        setLive(false);
        scheduleRetry();
      };
    }

    function scheduleRetry() {
      if (stopped) return;
      failures += 1;
      const delay = Math.min(1000 * 2 ** Math.min(failures - 1, 5), 30_000);
      retry = setTimeout(() => void connect(), delay);
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      setLive(false);
    };
  }, [enabled, queryClient]);
}
