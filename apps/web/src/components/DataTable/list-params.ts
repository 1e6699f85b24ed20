import { DEFAULT_PAGE_SIZE, isLocale, PAGE_SIZES, pageSizesFor } from '@wop/shared/constants';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * A list's state lives in the URL (`?q=&page=&limit=&sort_by=&sort_order=` plus filters),
 * so a reload or a shared link shows the same page. Defaults are left out of the URL.
 */

export type SortOrder = 'asc' | 'desc';
export interface SortSpec {
  by: string;
  order: SortOrder;
}
export const DEFAULT_SORT: SortSpec = { by: 'id', order: 'desc' };

export interface ListState {
  page: number;
  limit: number;
  q: string;
  sort_by: string;
  sort_order: SortOrder;
  /** Filter values by URL name; only non-empty ones. */
  filters: Record<string, string>;
}

/** What the list endpoint receives (empty values are dropped by the API client). */
export type ListQuery = Record<string, string | number>;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
};

export function readListState(
  params: URLSearchParams,
  defaultSort: SortSpec,
  filterNames: readonly string[],
  pageSizes: readonly number[] = PAGE_SIZES,
): ListState {
  const limit = positiveInt(params.get('limit'));
  const order = params.get('sort_order');
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    limit: limit !== null && pageSizes.includes(limit) ? limit : DEFAULT_PAGE_SIZE,
    q: params.get('q') ?? '',
    sort_by: params.get('sort_by') || defaultSort.by,
    sort_order: order === 'asc' || order === 'desc' ? order : defaultSort.order,
    filters,
  };
}

export function toListQuery(state: ListState): ListQuery {
  return {
    page: state.page,
    limit: state.limit,
    q: state.q,
    sort_by: state.sort_by,
    sort_order: state.sort_order,
    ...state.filters,
  };
}

export type ParamChanges = Record<string, string | number | null | undefined>;

/** Applies changes to the URL params, dropping empty values and the defaults. */
export function applyParamChanges(
  current: URLSearchParams,
  changes: ParamChanges,
  defaultSort: SortSpec,
  resetPage: boolean,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (resetPage) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  if (next.get('limit') === String(DEFAULT_PAGE_SIZE)) next.delete('limit');
  // The default sort is implied; keep the URL short.
  if (
    (next.get('sort_by') ?? defaultSort.by) === defaultSort.by &&
    (next.get('sort_order') ?? defaultSort.order) === defaultSort.order
  ) {
    next.delete('sort_by');
    next.delete('sort_order');
  }
  return next;
}

/** Next sort after clicking a column: the same column flips, another starts ascending. */
export function nextSort(current: SortSpec, column: string): SortSpec {
  if (current.by === column) return { by: column, order: current.order === 'desc' ? 'asc' : 'desc' };
  return { by: column, order: 'asc' };
}

/** The page sizes offered in the interface language (spec 9: only English lists 10). */
export function usePageSizes(): readonly number[] {
  const { i18n } = useTranslation();
  return pageSizesFor(isLocale(i18n.language) ? i18n.language : 'en');
}

export interface UseListParams {
  state: ListState;
  query: ListQuery;
  /** Changes params; the page goes back to 1 unless only the page changes. */
  update: (changes: ParamChanges, options?: { replace?: boolean }) => void;
}

export function useListParams(
  defaultSort: SortSpec = DEFAULT_SORT,
  filterNames: readonly string[] = [],
): UseListParams {
  const [params, setParams] = useSearchParams();
  const sort = useMemo<SortSpec>(
    () => ({ by: defaultSort.by, order: defaultSort.order }),
    [defaultSort.by, defaultSort.order],
  );
  const pageSizes = usePageSizes();
  const filterKey = filterNames.join('|');
  // A limit the language does not offer (10 from an English link, in Swedish) falls back to the default.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for filterNames
  const state = useMemo(
    () => readListState(params, sort, filterNames, pageSizes),
    [params, sort, filterKey, pageSizes],
  );
  const query = useMemo(() => toListQuery(state), [state]);
  const update = useCallback(
    (changes: ParamChanges, options: { replace?: boolean } = {}) => {
      const onlyPage = Object.keys(changes).every((key) => key === 'page');
      setParams((current) => applyParamChanges(current, changes, sort, !onlyPage), { replace: options.replace });
    },
    [setParams, sort],
  );
  return { state, query, update };
}

/**
 * One filter of a list, for the DataTable's filters slot: its URL value and a setter
 * that resets the page to 1. Pass `clears` to empty dependent filters too (chain -> region, store).
 */
export function useListFilter(name: string, clears: readonly string[] = []): [string, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? '';
  const clearKey = clears.join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearKey stands for clears
  const set = useCallback(
    (next: string | null) => {
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set(name, next);
        else updated.delete(name);
        for (const dependent of clears) updated.delete(dependent);
        updated.delete('page');
        return updated;
      });
    },
    [name, clearKey, setParams],
  );
  return [value, set];
}
