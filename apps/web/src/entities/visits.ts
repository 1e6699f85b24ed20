import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@wop/shared/api';
import type { CheckOutBody, CorrectVisitInput, Visit, VisitOutcome } from '@wop/shared/visits';
import { useSyncExternalStore } from 'react';
import { api, getPage, isApiError } from '../lib/api.ts';
import type { Position } from '../lib/position.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../lib/storage.ts';
import { ORDERS_KEY } from './orders.ts';

/** An order's visits refresh with the order (live events invalidate everything under ORDERS_KEY). */
export const visitsKey = (orderId: number) => [...ORDERS_KEY, orderId, 'visits'] as const;

/**
 * After a visit changed: reload what shows orders and visits. A first load still on its way is
 * cancelled and made again (an invalidation alone would wait for it, and it may predate the change).
 */
export async function refreshVisits(queryClient: QueryClient) {
  await queryClient.cancelQueries({ queryKey: ORDERS_KEY });
  await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}

/** GET /api/orders/{id}/visits: the order's visits, newest check-in first. */
export const getOrderVisits = (orderId: number, signal?: AbortSignal): Promise<Page<Visit>> =>
  getPage<Visit>(`/orders/${orderId}/visits`, { limit: 100 }, signal);

/** PUT /api/orders/{id}/visits/{visit}: an admin's correction (recorded in the order's history). */
export const correctVisit = (orderId: number, visitId: number, body: CorrectVisitInput) =>
  api.put<Visit>(`/orders/${orderId}/visits/${visitId}`, body);

/** POST /api/orders/{id}/visits/{visit}/confirm: the store confirms the technician came. */
export const confirmVisit = (orderId: number, visitId: number) =>
  api.post<Visit>(`/orders/${orderId}/visits/${visitId}/confirm`);

/**
 * A check-in or check-out made on this phone. Sent at once when there is network; otherwise kept
 * (localStorage, per user) with the time it happened and sent, in order, when the network returns:
 * the server accepts it up to 24 h late and flags it.
 */
export type VisitAction =
  | { kind: 'check-in'; orderId: number; body: Partial<Position> & { at?: string } }
  | { kind: 'check-out'; orderId: number; body: CheckOutBody };
export type QueuedVisit = VisitAction & { userId: number; at: string };

const listeners = new Set<() => void>();
/** Fired on `window` when a check-in or check-out is kept while the browser says it is online. */
export const VISIT_QUEUED_EVENT = 'wop:visit-queued';
const EMPTY = '[]';

function readQueue(): QueuedVisit[] {
  try {
    const parsed = JSON.parse(readStorage(STORAGE_KEYS.visitQueue) ?? EMPTY) as unknown;
    return Array.isArray(parsed) ? (parsed as QueuedVisit[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedVisit[]) {
  writeStorage(STORAGE_KEYS.visitQueue, queue.length ? JSON.stringify(queue) : null);
  for (const listener of listeners) listener();
}

const post = (action: VisitAction) => api.post<Visit>(`/orders/${action.orderId}/visits/${action.kind}`, action.body);

/** No answer at all (no network, the server unreachable): worth keeping and trying again. */
const unreachable = (error: unknown) => isApiError(error) && error.status === null;

/**
 * Sends a check-in or check-out now, or keeps it on the phone when there is no network. Resolves
 * to `sent` (the server's answer) or `kept`; a refusal by the server (409, 422...) is thrown.
 */
export async function sendVisit(
  userId: number,
  action: VisitAction,
): Promise<{ sent: { message: string | null; payload: Visit } } | { kept: true }> {
  const keep = () => {
    const at = new Date().toISOString();
    writeQueue([...readQueue(), { ...action, body: { ...action.body, at }, userId, at } as QueuedVisit]);
    // Kept behind an earlier one while online: the queue is sent now rather than at the next try.
    if (navigator.onLine) window.dispatchEvent(new Event(VISIT_QUEUED_EVENT));
    return { kept: true as const };
  };
  // What is already waiting goes first: a check-out must not overtake its check-in.
  if (!navigator.onLine || readQueue().some((q) => q.userId === userId)) return keep();
  try {
    return { sent: await post(action) };
  } catch (error) {
    if (unreachable(error)) return keep();
    throw error;
  }
}

let flushing: Promise<void> | undefined;

/**
 * Sends this user's kept check-ins and check-outs, oldest first, stopping at the first that finds
 * no network. One the server refuses (the order was completed meanwhile, say) is dropped and
 * reported through `onRefused`; `onSent` follows each one sent.
 */
export function flushVisits(
  userId: number,
  handlers: { onSent: (item: QueuedVisit) => void; onRefused: (item: QueuedVisit, error: unknown) => void },
): Promise<void> {
  if (flushing) return flushing;
  const run = async () => {
    for (;;) {
      const item = readQueue().find((q) => q.userId === userId);
      if (!item) return;
      try {
        await post(item);
        handlers.onSent(item);
      } catch (error) {
        if (unreachable(error)) return;
        handlers.onRefused(item, error);
      }
      writeQueue(readQueue().filter((q) => !(q.at === item.at && q.orderId === item.orderId && q.kind === item.kind)));
    }
  };
  // Cleared once settled (after the assignment, which a synchronous finish would otherwise follow).
  flushing = run().finally(() => {
    flushing = undefined;
  });
  return flushing;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.visitQueue) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const snapshot = () => readStorage(STORAGE_KEYS.visitQueue) ?? EMPTY;

/** This user's check-ins and check-outs still on the phone (re-rendered when the queue changes). */
export function useQueuedVisits(userId: number): QueuedVisit[] {
  const raw = useSyncExternalStore(subscribe, snapshot, () => EMPTY);
  try {
    return (JSON.parse(raw) as QueuedVisit[]).filter((q) => q.userId === userId);
  } catch {
    return [];
  }
}

export const OUTCOMES: readonly VisitOutcome[] = ['done', 'follow_up', 'parts', 'quote'];
