import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarkReadBody, Notification, UnreadNotifications } from '@wop/shared/notifications';
import { NOTIFICATIONS_KEY, unreadKey } from '../../../entities/notifications.ts';
import { api, getPage } from '../../../lib/api.ts';
import { usePollInterval } from '../../../lib/live-status.ts';

/** GET /api/notifications: the newest first, texts in the interface language. */
export const notificationsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', limit],
    queryFn: ({ signal }) => getPage<Notification>('/notifications', { limit }, signal),
    staleTime: 0,
  });

export function useNotifications(limit: number, enabled: boolean) {
  return useQuery({ ...notificationsQueryOptions(limit), enabled });
}

/**
 * GET /api/notifications/unread-count, kept fresh by `notification` events (or polled while they are down).
 * `enabled`: false until the page has shown (the header's bell asks after the first screen).
 */
export function useUnreadNotifications(enabled = true) {
  return useQuery({
    enabled,
    queryKey: unreadKey,
    queryFn: async ({ signal }) =>
      (await api.get<UnreadNotifications>('/notifications/unread-count', undefined, signal)).payload.count,
    refetchInterval: usePollInterval(),
    staleTime: 0,
  });
}

/** POST /api/notifications/read `{ ids }` or `{ all: true }`. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkReadBody) => api.post<null>('/notifications/read', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
