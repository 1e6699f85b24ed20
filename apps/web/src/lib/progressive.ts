import { startTransition, useEffect, useState } from 'react';

/** A tab in the background paints nothing: what waits for the first paint runs after this anyway. */
const FIRST_PAINT_WAIT_MS = 5_000;
let firstPaint: Promise<void> | undefined;

/**
 * Resolves once the page has painted its first text or image (the browser's first contentful paint), at
 * once where the browser does not report paints.
 */
export function afterFirstPaint(): Promise<void> {
  firstPaint ??= new Promise<void>((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const timer = setTimeout(resolve, FIRST_PAINT_WAIT_MS);
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  return firstPaint;
}

/**
 * Runs `work` once the page has painted and the browser has a moment to spare (Safari has no idle
 * callback: a short timeout there). What the first screen does not show (further rows, the menu, the
 * worker, the live connection) then neither delays that paint nor shares the line with what it fetches.
 */
export function whenIdle(work: () => void): () => void {
  let cancel: (() => void) | null = null;
  let cancelled = false;
  void afterFirstPaint().then(() => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(work, { timeout: 500 });
      cancel = () => cancelIdleCallback(id);
    } else {
      const id = setTimeout(work, 16);
      cancel = () => clearTimeout(id);
    }
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
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
