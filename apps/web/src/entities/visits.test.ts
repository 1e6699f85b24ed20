import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../lib/session.ts';
import { STORAGE_KEYS } from '../lib/storage.ts';
import { flushVisits, type QueuedVisit, sendVisit } from './visits.ts';

const ME = 6;
const visit = { id: 1, order_id: 7 };
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const queue = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.visitQueue) ?? '[]') as QueuedVisit[];
let online = true;

beforeEach(() => {
  localStorage.clear();
  startSession('tok', new Date(Date.now() + 60_000).toISOString());
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => vi.restoreAllMocks());

describe('check-ins and check-outs without network', () => {
  it('sends at once when online, and keeps one with its time on the phone when offline', async () => {
    const fetchMock = vi.fn(async () => answer(201, { message: 'Checked in.', payload: visit }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await sendVisit(ME, { kind: 'check-in', orderId: 7, body: { lat: 59.3, lng: 18.1 } })).toEqual({
      sent: { message: 'Checked in.', payload: visit },
    });
    online = false;
    const before = Date.now();
    expect(await sendVisit(ME, { kind: 'check-out', orderId: 7, body: { outcome: 'done' } })).toEqual({ kept: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [kept] = queue();
    expect(kept).toMatchObject({ kind: 'check-out', orderId: 7, userId: ME, body: { outcome: 'done' } });
    expect(Date.parse(kept.body.at as string)).toBeGreaterThanOrEqual(before);
  });

  it('keeps one whose request finds no network, and never lets a check-out overtake a kept check-in', async () => {
    const fetchMock = vi.fn(async (): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(await sendVisit(ME, { kind: 'check-in', orderId: 7, body: {} })).toEqual({ kept: true });
    // Online again, but the check-in still waits: the check-out queues behind it.
    fetchMock.mockImplementation(async () => answer(200, { message: null, payload: visit }));
    expect(await sendVisit(ME, { kind: 'check-out', orderId: 7, body: { outcome: 'parts' } })).toEqual({ kept: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(queue().map((q) => q.kind)).toEqual(['check-in', 'check-out']);
  });

  it('sends the kept ones in order once, drops one the server refuses, and stops when the network goes', async () => {
    online = false;
    await sendVisit(ME, { kind: 'check-in', orderId: 7, body: {} });
    await sendVisit(ME, { kind: 'check-out', orderId: 7, body: { outcome: 'done' } });
    await sendVisit(ME, { kind: 'check-in', orderId: 8, body: {} });
    await sendVisit(99, { kind: 'check-in', orderId: 9, body: {} });
    online = true;
    const urls: string[] = [];
    const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
      urls.push(String(url));
      if (urls.length === 2) return answer(409, { message: 'You are not checked in on this order.' });
      if (urls.length === 3) throw new TypeError('Failed to fetch');
      return answer(201, { message: null, payload: visit });
    });
    vi.stubGlobal('fetch', fetchMock);
    const sent: QueuedVisit[] = [];
    const refused: QueuedVisit[] = [];
    const handlers = { onSent: (q: QueuedVisit) => sent.push(q), onRefused: (q: QueuedVisit) => refused.push(q) };
    // Two triggers at once (back online, and the timer) send each once.
    await Promise.all([flushVisits(ME, handlers), flushVisits(ME, handlers)]);
    expect(urls).toEqual([
      '/api/orders/7/visits/check-in',
      '/api/orders/7/visits/check-out',
      '/api/orders/8/visits/check-in',
    ]);
    expect(sent.map((q) => q.kind)).toEqual(['check-in']);
    expect(refused.map((q) => q.kind)).toEqual(['check-out']);
    // The one that found no network waits, and so does another user's.
    expect(queue().map((q) => [q.userId, q.orderId])).toEqual([
      [ME, 8],
      [99, 9],
    ]);
    // Each went with the time it happened on the phone.
    const firstBody = JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(firstBody).toEqual({ at: expect.any(String) });
    await flushVisits(ME, handlers);
    expect(queue().map((q) => q.userId)).toEqual([99]);
  });
});
