import { startTransition, useEffect, useState } from 'react';

/** Runs `work` when the browser has a moment to spare (Safari has no idle callback: a short timeout there). */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: 500 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 16);
  return () => clearTimeout(id);
}

/**
 * How many of `total` items to render: `first` at once, `step` more each time the browser is idle, each
 * step a transition (React renders it in short slices and lets input through). A phone on a slow CPU then
 * paints the first rows without one long task for all of them, and the rest follow within moments.
 */
export function useRevealed(total: number, first: number, step = first): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    return whenIdle(() => startTransition(() => setShown((count) => count + step)));
  }, [shown, total, step]);
  return Math.min(shown, total);
}

/**
 * False until `ready` and then an idle moment of the browser: for what lies below the first screen, so that
 * it renders after what the screen shows.
 */
export function useAfterFirstScreen(ready = true): boolean {
  return useRevealed(ready ? 1 : 0, 0, 1) > 0;
}
