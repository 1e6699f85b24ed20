import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedOrder, OrderDetail, OrderDocument, OrderOptions, UpdateOrderBody } from '@wop/shared/orders';
import { ORDERS_KEY } from '../../../entities/orders.ts';
import { api, openDownload, request, toFormData, uploadWithProgress } from '../../../lib/api.ts';
import { whenIdle } from '../../../lib/progressive.ts';

export const orderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<OrderDetail>(`/orders/${id}`, undefined, signal)).payload,
  });

/**
 * A technician's list keeps each of its orders' pages at hand: fetched in the background while online,
 * so that the service worker has every job of the list when the connection goes (lib/service-worker.js),
 * not only those opened. Orders already fetched and fresh are not asked again.
 */
export function useKeepOrdersForOffline(enabled: boolean): (ids: number[]) => void {
  const queryClient = useQueryClient();
  // One at a time, each when the browser is idle: a page's 25 answers parsed and stored at once were one
  // long task on a slow phone, just as its technician starts to scroll the list.
  const keep = ([id, ...rest]: number[]) => {
    if (id === undefined || !navigator.onLine) return;
    whenIdle(() => {
      void queryClient.prefetchQuery({ ...orderQueryOptions(id), staleTime: 60_000 }).then(() => keep(rest));
    });
  };
  return (ids) => {
    if (enabled) keep(ids);
  };
}

/** GET /api/orders/priority: `{ "10": title, ... }` in the interface language. */
export const prioritiesQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'priorities', lang],
    queryFn: async ({ signal }) =>
      (await api.get<{ priorities: Record<string, string> }>('/orders/priority', undefined, signal)).payload.priorities,
    staleTime: 30 * 60_000,
  });

/**
 * GET /api/orders/options: chains, regions, stores of the caller's scope (and technicians for admins);
 * with `store_id`, that store's assets.
 */
export const orderOptionsQueryOptions = (filter: {
  chain_id?: number | string;
  region_id?: number | string;
  store_id?: number | string;
}) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'options', filter],
    queryFn: async ({ signal }) => (await api.get<OrderOptions>('/orders/options', filter, signal)).payload,
    staleTime: 5 * 60_000,
  });

/** GET /api/orders/projectnumber: the next number, shown read-only to store managers (not reserved). */
export const projectNumberQueryOptions = () =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'projectnumber'],
    queryFn: async ({ signal }) =>
      (await api.get<{ project_number: number }>('/orders/projectnumber', undefined, signal)).payload.project_number,
  });

/** How much of a request body has been sent, 0..1. */
export type OnProgress = (fraction: number) => void;

export interface CreateOrderInput {
  description: string;
  worktype_id: string;
  priority: string;
  chain_id?: string;
  region_id?: string;
  store_id?: string;
  approval_status?: string;
  asset_id?: string;
  documents: File[];
  onProgress?: OnProgress;
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    // With attachments the request reports its progress; without, it is a plain request.
    mutationFn: ({ onProgress, ...input }: CreateOrderInput) =>
      onProgress && input.documents.length > 0
        ? uploadWithProgress<CreatedOrder>('/orders', toFormData(input), onProgress)
        : api.post<CreatedOrder>('/orders', toFormData(input)),
    // The form reports its own failure (toast and field errors).
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

export interface UpdateOrderInput {
  id: number;
  body: Partial<Record<keyof UpdateOrderBody, unknown>>;
  /** The version the change was made against (If-Match): a newer one on the server answers 412. */
  version: number;
}

/** PUT /api/orders/{id} against a version; a 412 carries the current order as its payload. */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: UpdateOrderInput) =>
      request<OrderDetail>('PUT', `/orders/${id}`, { body, headers: { 'If-Match': `"${version}"` } }),
    // Every caller reports its own failure (toast and field errors).
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/orders/${id}`),
    // Lists reload. The deleted order's own detail (open on the detail page until it navigates away)
    // is only marked stale: reloading it now would answer 404, and a later visit asks the server again.
    onSuccess: async (_answer, id) => {
      const detail = orderQueryOptions(id).queryKey;
      await queryClient.invalidateQueries({ queryKey: detail, exact: true, refetchType: 'none' });
      await queryClient.invalidateQueries({
        queryKey: ORDERS_KEY,
        predicate: (query) => !detail.every((part, i) => query.queryKey[i] === part),
      });
    },
  });
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files, onProgress }: { id: number; files: File[]; onProgress: OnProgress }) =>
      uploadWithProgress<OrderDocument[]>(`/orders/${id}/upload`, toFormData({ documents: files }), onProgress),
    // The dialog reports its own failure (with the code, spec 8) and keeps the files for a retry.
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

/** Opens the order PDF in a new tab (with a short-lived download token). */
export const openOrderPdf = (id: number, lang: string) => openDownload(`/orders/generatePdf/${id}`, { lang });
/** Opens or downloads an attachment. */
export const openDocument = (doc: OrderDocument) => openDownload(doc.url);
