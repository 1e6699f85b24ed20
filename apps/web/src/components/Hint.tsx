import { lazy, type ReactElement, Suspense, useEffect, useRef, useState } from 'react';

const Tooltip = lazy(() => import('./tooltip.ts').then((module) => ({ default: module.Tooltip })));

/**
 * A tooltip on hover (as the UI kit's, which opens on hover only) that loads with the first hover of
 * what it describes, not with the page: the kit's tooltips bring its whole positioning library. It
 * then opens at once, and stays drawn.
 */
export function Hint({ label, children }: { label: string; children: ReactElement }) {
  const [hovered, setHovered] = useState(false);
  const wrapper = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = wrapper.current;
    if (!element || hovered) return;
    const hover = () => setHovered(true);
    element.addEventListener('pointerover', hover);
    return () => element.removeEventListener('pointerover', hover);
  }, [hovered]);
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      {hovered ? (
        <Suspense fallback={children}>
          <Tooltip label={label} defaultOpened>
            {children}
          </Tooltip>
        </Suspense>
      ) : (
        children
      )}
    </span>
  );
}
