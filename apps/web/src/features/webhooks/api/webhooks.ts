import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedWebhook,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEvent,
} from '@wop/shared/webhooks';
import { api } from '../../../lib/api.ts';

export const WEBHOOKS_KEY = ['webhooks'] as const;

/** The webhooks the caller manages; `chainId` keeps those of one chain (the chain's tab). */
export const webhooksQueryOptions = (chainId?: number) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'list'],
    queryFn: async ({ signal }) => (await api.get<Webhook[]>('/webhooks', undefined, signal)).payload,
    select: (list) => (chainId === undefined ? list : list.filter((hook) => hook.chain_id === chainId)),
  });

export interface DeliveriesPage {
  data: WebhookDelivery[];
  next_before: number | null;
}

/** A webhook's deliveries, newest first; refreshed every few seconds while shown (attempts come in). */
export const deliveriesQueryOptions = (id: number, status: WebhookDeliveryStatus | null) =>
  queryOptions({
    queryKey: [...WEBHOOKS_KEY, 'deliveries', id, status],
    queryFn: async ({ signal }) =>
      (await api.get<DeliveriesPage>(`/webhooks/${id}/deliveries`, { status: status ?? undefined, limit: 50 }, signal))
        .payload,
    refetchInterval: 3000,
  });

export interface WebhookInput {
  url: string;
  events: WebhookEvent[];
  chain_id?: number;
  description?: string;
}

function useWebhookMutation<A, T>(send: (args: A) => Promise<{ message: string | null; payload: T }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation((body: WebhookInput) => api.post<CreatedWebhook>('/webhooks', body));

export const useUpdateWebhook = () =>
  useWebhookMutation(({ id, ...body }: Partial<WebhookInput> & { id: number; enabled?: boolean }) =>
    api.put<Webhook>(`/webhooks/${id}`, body),
  );

export const useDeleteWebhook = () => useWebhookMutation((id: number) => api.delete(`/webhooks/${id}`));

export const useRotateSecret = () =>
  useWebhookMutation((id: number) => api.post<CreatedWebhook>(`/webhooks/${id}/rotate-secret`));

export const useTestWebhook = () =>
  useWebhookMutation((id: number) => api.post<WebhookDelivery>(`/webhooks/${id}/test`));

export const useRetryDelivery = () =>
  useWebhookMutation(({ id, deliveryId }: { id: number; deliveryId: number }) =>
    api.post<WebhookDelivery>(`/webhooks/${id}/deliveries/${deliveryId}/retry`),
  );

export const useRetryFailed = () =>
  useWebhookMutation(({ id, since }: { id: number; since: string }) =>
    api.post<{ retried: number }>(`/webhooks/${id}/deliveries/retry`, { since }),
  );
