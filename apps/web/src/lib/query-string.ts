/** The API's paths and query strings, apart from the client (lib/api.ts) so that the build can read them too. */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export function apiPath(path: string): string {
  if (path.startsWith('/api/') || path === '/api') return path;
  return `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Builds `?a=1&b=x`, leaving out undefined, null and empty values (spec 7). */
export function toQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) if (item !== '' && item !== null) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
