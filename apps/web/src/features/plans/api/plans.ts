import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Asset } from '@wop/shared/assets';
import type { OrderOptions } from '@wop/shared/orders';
import type { CalendarItem, Plan, PlanInput, PlanPreview } from '@wop/shared/plans';
import { api, getPage, type QueryParams, request } from '../../../lib/api.ts';

/** Every plan query starts with this key; invalidating it reloads the list, the plans and the calendar. */
export const PLANS_KEY = ['plans'] as const;

export const getPlans = (query: QueryParams, signal?: AbortSignal) => getPage<Plan>('/plans', query, signal);

export const planQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'detail', id],
    queryFn: async ({ signal }) => (await api.get<Plan>(`/plans/${id}`, undefined, signal)).payload,
  });

/** A saved plan's next 12 days per target, with the orders generated already. */
export const savedPreviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'preview', id],
    queryFn: async ({ signal }) => (await api.get<PlanPreview>(`/plans/${id}/preview`, { count: 12 }, signal)).payload,
  });

/**
 * The next 12 days per target of the form as it stands, not saved: the server checks it as a save
 * would, so a form it refuses answers a 422 instead of days. The last days stay shown while new ones load.
 */
export const draftPreviewQueryOptions = (body: PlanInput | null) =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'draft-preview', body],
    queryFn: async ({ signal }) =>
      (await request<PlanPreview>('POST', '/plans/preview', { body, query: { count: 12 }, signal })).payload,
    enabled: body !== null,
    placeholderData: keepPreviousData,
    retry: false,
    meta: { silent: true },
  });

/** Occurrences and generated orders between two days, of a chain, region or store. */
export const calendarQueryOptions = (query: { from: string; to: string } & Record<string, string | undefined>) =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'calendar', query],
    queryFn: async ({ signal }) => (await api.get<CalendarItem[]>('/plans/calendar', query, signal)).payload,
    placeholderData: keepPreviousData,
  });

/** The caller's chains, regions and stores: where plans may be made and the calendar looked at. */
export const scopeQueryOptions = () =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'scope'],
    queryFn: async ({ signal }) => (await api.get<OrderOptions>('/orders/options', undefined, signal)).payload,
    staleTime: 60_000,
  });

/** Assets of a chain matching a search, for the targets picker (the first 50). */
export const chainAssetsQueryOptions = (chainId: number | null, search: string) =>
  queryOptions({
    queryKey: [...PLANS_KEY, 'assets', chainId, search],
    queryFn: async ({ signal }) =>
      (await getPage<Asset>('/assets', { chain_id: chainId, q: search, limit: 50, sort_by: 'name' }, signal)).data,
    enabled: chainId !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** POST a new plan, or PUT the form again with the version it was opened on (a newer one answers 409). */
export function useSavePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, version, body }: { id?: number; version?: number; body: PlanInput }) =>
      id ? api.put<Plan>(`/plans/${id}`, { ...body, version }) : api.post<Plan>('/plans', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

/** Pause or resume: the plan's own form again with `active` turned. */
export function useSetPlanActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => api.put<Plan>(`/plans/${plan.id}`, { ...planInput(plan), active: !plan.active }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/plans/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLANS_KEY }),
  });
}

/** A saved plan as the body of its PUT (with its version). */
export function planInput(plan: Plan): PlanInput & { version: number } {
  return {
    title: plan.title,
    description: plan.description,
    worktype_id: plan.worktype_id,
    priority: plan.priority,
    targets: plan.targets,
    rule: plan.rule,
    starts_on: plan.starts_on,
    ends_on: plan.ends_on,
    lead_days: plan.lead_days,
    if_previous_open: plan.if_previous_open,
    active: plan.active,
    version: plan.version,
  };
}
