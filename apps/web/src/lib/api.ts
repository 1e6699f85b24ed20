import type { Envelope, Page } from '@wop/shared/api';
import { currentLanguage } from './i18n.ts';
import { clearSession, getToken } from './session.ts';

/**
 * The one API client. Adds the bearer token and the `lang` header, sends JSON or
 * multipart bodies, drops empty query values and returns the contract's envelope
 * `{ message, payload }`. Failures are thrown as `ApiError`; `errors.ts` turns them into
 * toasts and form errors.
 */

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryParams = Record<string, QueryValue>;

export const LOGIN_ENDPOINT = '/api/auth/login';

export class ApiError extends Error {
  /** HTTP status, or null when no response arrived (network down, CORS, DNS...). */
  readonly status: number | null;
  /** Parsed JSON body, or null. */
  readonly body: unknown;
  /** The body as text when it was not JSON (an HTML error page, say). */
  readonly text: string | null;

  constructor(message: string, status: number | null, body: unknown, text: string | null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.text = text;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

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

export interface RequestOptions {
  query?: QueryParams;
  /** A plain object is sent as JSON; FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

function requestHeaders(path: string, extra?: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', lang: currentLanguage(), ...extra };
  // An empty value leaves the header out (a sign-in from a browser where no language was chosen).
  for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
  const token = apiPath(path) === LOGIN_ENDPOINT ? null : getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/** Turns an answer into the envelope, or throws it as an ApiError (a 401 ends the session). */
function readAnswer<T>(path: string, status: number, statusText: string, text: string): Envelope<T> {
  let json: unknown = null;
  let isJson = false;
  if (text) {
    try {
      json = JSON.parse(text);
      isJson = true;
    } catch {
      // Not JSON: kept as text (an HTML error page from a proxy, for example).
    }
  }
  const ok = status >= 200 && status < 300;
  if (!ok || (text && !isJson)) {
    const code = ok ? 500 : status;
    if (code === 401 && apiPath(path) !== LOGIN_ENDPOINT) clearSession('unauthenticated');
    const message =
      isJson && typeof (json as { message?: unknown })?.message === 'string'
        ? (json as { message: string }).message
        : statusText;
    throw new ApiError(message, code, isJson ? json : null, isJson ? null : text);
  }
  if (!isJson) return { message: null, payload: undefined as T };
  const envelope = json as Partial<Envelope<T>>;
  return { message: envelope.message ?? null, payload: envelope.payload as T };
}

/** What lib/start-hints.js asked for before the app's scripts ran, with the headers it sent. */
interface StartAnswers {
  headers: Record<string, string>;
  answers: Record<string, Promise<Response> | undefined>;
}

/** The start hints' answer to this very request (URL and headers), taken once; else nothing. */
function startAnswer(url: string, headers: Record<string, string>): Promise<Response> | undefined {
  const start = (window as { wopStartAnswers?: StartAnswers }).wopStartAnswers;
  const answer = start?.answers[url];
  if (!answer) return undefined;
  start.answers[url] = undefined;
  const sent = Object.entries(start.headers);
  const same = sent.length === Object.keys(headers).length && sent.every(([name, value]) => headers[name] === value);
  return same ? answer : undefined;
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const url = apiPath(path) + toQueryString(options.query);
  const headers = requestHeaders(path, options.headers);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await ((method === 'GET' && startAnswer(url, headers)) ||
      fetch(url, { method, headers, body, signal: options.signal }));
  } catch (error) {
    // Cancellation is not a failure the user needs to hear about.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new ApiError(message, null, null, null);
  }
  const text = response.status === 204 ? '' : await response.text();
  return readAnswer<T>(path, response.status, response.statusText, text);
}

/** GETs a file the signed-in user may read (a photo to show on its page) as a blob, with the session's token. */
export async function fetchFile(path: string, signal?: AbortSignal): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(apiPath(path), { headers: requestHeaders(path, { Accept: '*/*' }), signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(error instanceof Error ? error.message : String(error), null, null, null);
  }
  if (!response.ok) {
    readAnswer(path, response.status, response.statusText, await response.text());
    throw new ApiError(response.statusText, response.status, null, null);
  }
  return response.blob();
}

/**
 * POSTs a multipart body and reports how much of it has been sent (0..1), for upload progress bars.
 * fetch cannot tell upload progress, so this one request goes through XMLHttpRequest; the answer is
 * read exactly as `request` reads it.
 */
export function uploadWithProgress<T>(
  path: string,
  body: FormData,
  onProgress: (fraction: number) => void,
): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath(path));
    for (const [name, value] of Object.entries(requestHeaders(path))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      try {
        resolve(readAnswer<T>(path, xhr.status, xhr.statusText, xhr.status === 204 ? '' : xhr.responseText));
      } catch (error) {
        reject(error);
      }
    };
    // No reason is given for a lost connection: errors.ts shows its own "network" text for an empty one.
    xhr.onerror = () => reject(new ApiError('', null, null, null));
    xhr.send(body);
  });
}

export const api = {
  get: <T>(path: string, query?: QueryParams, signal?: AbortSignal) => request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: QueryParams, headers?: Record<string, string>) =>
    request<T>('POST', path, { body, query, headers }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, { body }),
  delete: <T = null>(path: string) => request<T>('DELETE', path),
};

/** Parameters every list endpoint understands, plus its own filters. */
export interface ListParams extends QueryParams {
  page?: number;
  limit?: number;
  q?: string;
  sort_by?: string;
  sort_order?: 'asc' | 'desc';
}

/** GET a paginated list and return the page itself. */
export async function getPage<T>(path: string, params: QueryParams, signal?: AbortSignal): Promise<Page<T>> {
  const { payload } = await api.get<Page<T>>(path, params, signal);
  return payload;
}

/** Builds a FormData from fields; arrays become repeated `name[]` entries, files stay files. */
export function toFormData(fields: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      const name = key.endsWith('[]') ? key : `${key}[]`;
      for (const item of value) data.append(name, item instanceof Blob ? item : String(item));
    } else if (value instanceof Blob) {
      data.append(key, value);
    } else {
      data.append(key, String(value));
    }
  }
  return data;
}

/* Downloads ------------------------------------------------------------------------- */

export interface DownloadToken {
  token: string;
  expires_at: string;
}

/** A short-lived token valid only on download routes (a session token in a URL is refused). */
export async function requestDownloadToken(): Promise<DownloadToken> {
  const { payload } = await api.post<DownloadToken>('/auth/download-token');
  return payload;
}

export function downloadUrl(path: string, query: QueryParams | undefined, token: string): string {
  return apiPath(path) + toQueryString({ ...query, access_token: token });
}

/**
 * Opens a download route (export, PDF, file) in a new tab with a fresh download token.
 * The tab is opened before the token request so that pop-up blockers allow it.
 */
export async function openDownload(path: string, query?: QueryParams): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { token } = await requestDownloadToken();
    const url = downloadUrl(path, query, token);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else {
      window.location.assign(url);
    }
  } catch (error) {
    tab?.close();
    throw error;
  }
}
