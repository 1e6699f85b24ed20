import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings } from '@wop/shared/notifications';
import { api } from '../../../lib/api.ts';

const settingsKey = ['notifications', 'settings'] as const;

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKey,
    queryFn: async ({ signal }) =>
      (await api.get<NotificationSettings>('/profile/notifications', undefined, signal)).payload,
  });

/** PUT /api/profile/notifications. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => api.put<NotificationSettings>('/profile/notifications', body),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer.payload),
  });
}
