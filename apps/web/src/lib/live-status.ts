import { CHAT_POLL_MS } from '@wop/shared/constants';
import { useSyncExternalStore } from 'react';

/**
 * Whether the live event stream is connected. While it is, screens refresh on events; while it is
 * down, they fall back to polling every 10 s (spec 4).
 */
let live = false;
const listeners = new Set<() => void>();

export function setLive(value: boolean) {
  if (live === value) return;
  live = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useLive = () => useSyncExternalStore(subscribe, () => live);

/** `refetchInterval` for what the spec polls: off while events arrive, 10 s while the stream is down. */
export function usePollInterval(): number | false {
  return useLive() ? false : CHAT_POLL_MS;
}
