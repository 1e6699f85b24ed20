import { type KeyboardEvent, type MouseEvent, useState } from 'react';

/** How the user first reached a field that stands in for one not loaded yet: the focus, or opening it. */
export type Reached = 'focus' | 'open';

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * A read-only field that stands in for a heavier one (a dropdown, a calendar) until it is first used.
 * Spread `handlers` on the stand-in; `reached` says how it was reached, for the real field to take
 * over: mousedown comes before focus, so a click opens it, a Tab only moves the focus into it.
 */
export function useStandIn() {
  const [reached, setReached] = useState<Reached | null>(null);
  const handlers = {
    onMouseDown: (event: MouseEvent) => {
      // The stand-in is gone before the browser would focus it: the real field takes the focus itself.
      event.preventDefault();
      setReached('open');
    },
    onFocus: () => setReached((r) => r ?? 'focus'),
    onKeyDown: (event: KeyboardEvent) => {
      if (OPENING_KEYS.has(event.key)) setReached('open');
    },
  };
  return [reached, handlers] as const;
}
