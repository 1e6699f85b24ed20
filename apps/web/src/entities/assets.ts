import type { Asset } from '@wop/shared/assets';
import { getPage, type QueryParams } from '../lib/api.ts';

/** Every asset query starts with this key; invalidating it reloads lists, pages and labels. */
export const ASSETS_KEY = ['assets'] as const;

export const getAssets = (query: QueryParams, signal?: AbortSignal) => getPage<Asset>('/assets', query, signal);

/** The asset page: what other pages link to (app/router/route-table.ts has the route). */
export const assetPath = (id: number) => `/assets/${id}`;

/** The asset list with these filters set. */
export function assetListPath(filters: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(filters).map(([name, value]) => [name, String(value)]));
  return query.size > 0 ? `/assets?${query}` : '/assets';
}
