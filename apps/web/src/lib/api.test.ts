import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, downloadUrl, openDownload, toQueryString } from './api.ts';
import { setLanguage } from './i18n.ts';
import { getToken, startSession } from './session.ts';

const ok = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('API client', () => {
  afterEach(() => setLanguage('en'));

  it('drops empty query values', () => {
    expect(toQueryString({ q: '', page: 2, chain_id: null, region_id: undefined, sort_order: 'asc' })).toBe(
      '?page=2&sort_order=asc',
    );
    expect(toQueryString({ q: '' })).toBe('');
  });

  it('sends the bearer token and the lang header, and returns the envelope', async () => {
    startSession('tok-1', new Date(Date.now() + 60_000).toISOString());
    await setLanguage('sv');
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      ok({ message: null, payload: { data: [], total: 0 } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = await api.get('/orders', { status: 'planned', q: '' });
    expect(answer).toEqual({ message: null, payload: { data: [], total: 0 } });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/orders?status=planned');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok-1', lang: 'sv' });
  });

  it('takes the start hints’ answer to the same request once, instead of asking again', async () => {
    startSession('tok-1', new Date(Date.now() + 60_000).toISOString());
    await setLanguage('sv');
    const fetchMock = vi.fn(async () => ok({ message: null, payload: 'asked again' }));
    vi.stubGlobal('fetch', fetchMock);
    const early = (payload: string) => Promise.resolve(ok({ message: null, payload }));
    const headers = { Accept: 'application/json', lang: 'sv', Authorization: 'Bearer tok-1' };
    const answers = { '/api/profile': early('early'), '/api/orders?page=1': early('early list') };
    Object.assign(window, { wopStartAnswers: { headers, answers } });
    try {
      expect((await api.get('/profile')).payload).toBe('early');
      expect(fetchMock).not.toHaveBeenCalled();
      // Once: a later read of the profile is a new request.
      expect((await api.get('/profile')).payload).toBe('asked again');
      // Another request (another page), or the same one with other headers (another language), is asked anew.
      expect((await api.get('/orders', { page: 2 })).payload).toBe('asked again');
      await setLanguage('fi');
      expect((await api.get('/orders', { page: 1 })).payload).toBe('asked again');
      expect(fetchMock).toHaveBeenCalledTimes(3);
    } finally {
      delete (window as { wopStartAnswers?: unknown }).wopStartAnswers;
    }
  });

  it('sends JSON bodies as JSON and FormData as multipart', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => ok({ message: 'ok', payload: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/roles', { title: 'Cleaner' });
    expect(fetchMock.mock.calls[0][1]?.body).toBe('{"title":"Cleaner"}');
    expect(fetchMock.mock.calls[0][1]?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    const form = new FormData();
    form.append('data_file', new Blob(['a,b']), 'x.csv');
    await api.post('/import/store', form);
    expect(fetchMock.mock.calls[1][1]?.body).toBe(form);
    expect(fetchMock.mock.calls[1][1]?.headers).not.toHaveProperty('Content-Type');
  });

  it('does not send the token to the login call', async () => {
    startSession('tok-1', new Date(Date.now() + 60_000).toISOString());
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => ok({ message: null, payload: {} }));
    vi.stubGlobal('fetch', fetchMock);
    await api.post('/auth/login', { email: 'a', password: 'b' });
    expect(fetchMock.mock.calls[0][1]?.headers).not.toHaveProperty('Authorization');
  });

  it('treats an expired token as signed out', () => {
    startSession('old', new Date(Date.now() - 1000).toISOString());
    expect(getToken()).toBeNull();
  });

  it('opens downloads with a download token, never the session token', async () => {
    startSession('session-token', new Date(Date.now() + 60_000).toISOString());
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ok({ message: null, payload: { token: 'dl-123', expires_at: '2030-01-01T00:00:00Z' } })),
    );
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await openDownload('/export', { type: 'OrdersExport', q: '' });
    expect(tab.location.href).toBe('/api/export?type=OrdersExport&access_token=dl-123');
    expect(tab.opener).toBeNull();
    expect(downloadUrl('/api/orders/generatePdf/5', undefined, 't')).toBe('/api/orders/generatePdf/5?access_token=t');
  });
});
