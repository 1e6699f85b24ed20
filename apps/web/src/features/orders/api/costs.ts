import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CostLine, CostLineInput, OrderCosts, Quote, QuoteInput } from '@wop/shared/costs';
import { ORDERS_KEY } from '../../../entities/orders.ts';
import { api } from '../../../lib/api.ts';

/** GET /api/orders/{id}/costs: lines, totals against the NTE, the latest quote. Under the order's key. */
export const orderCostsQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'costs', orderId],
    queryFn: async ({ signal }) => (await api.get<OrderCosts>(`/orders/${orderId}/costs`, undefined, signal)).payload,
  });

/** Every write reloads the order (its cost and NTE are on it too) and its costs. */
function useCostsMutation<I, T>(send: (input: I) => Promise<{ message: string | null; payload: T }>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: ORDERS_KEY }) });
}

export const useAddCostLine = (orderId: number) =>
  useCostsMutation((line: CostLineInput) => api.post<CostLine>(`/orders/${orderId}/costs`, line));
export const useDeleteCostLine = (orderId: number) =>
  useCostsMutation((lineId: number) => api.delete(`/orders/${orderId}/costs/${lineId}`));
export const useSetNte = (orderId: number) =>
  useCostsMutation((nte_minor: number | null) => api.put<OrderCosts>(`/orders/${orderId}/nte`, { nte_minor }));
export const useSubmitQuote = (orderId: number) =>
  useCostsMutation((quote: QuoteInput) => api.post<Quote>(`/orders/${orderId}/quote`, quote));
export const useDecideQuote = (orderId: number) =>
  useCostsMutation((decision: { decision: 'approved' | 'rejected'; comment?: string }) =>
    api.put<Quote>(`/orders/${orderId}/quote`, decision),
  );
