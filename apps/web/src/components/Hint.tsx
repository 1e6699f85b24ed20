import { lazy, type ReactElement, Suspense, useEffect, useRef, useState } from 'react';

const Tooltip = lazy(() => import('./tooltip.ts').then((module) => ({ default: module.Tooltip })));

/**
 * A tooltip on hover with a mouse (as the UI kit's, which opens on hover only) that loads with the
 * first hover of what it describes, not with the page: the kit's tooltips bring its whole positioning
 * library. It then opens at once, and stays drawn.
 *
 * What it describes is never moved or drawn again: the tooltip is a sibling pointed at it, not a
 * wrapper around it. Wrapping it when the tooltip arrived made the browser replace the button under
 * the pointer, and a click whose press and release fell on either side of that was lost.
 */
export function Hint({ label, children }: { label: string; children: ReactElement }) {
  const [opened, setOpened] = useState<boolean | undefined>(undefined);
  const wrapper = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    // Over and out bubble up from what it describes; moves between its own parts are not counted.
    const crosses = (event: PointerEvent) => !element.contains(event.relatedTarget as Node | null);
    const over = (event: PointerEvent) => {
      if (event.pointerType !== 'touch' && crosses(event)) setOpened(true);
    };
    const out = (event: PointerEvent) => {
      if (crosses(event)) setOpened((was) => (was === undefined ? undefined : false));
    };
    element.addEventListener('pointerover', over);
    element.addEventListener('pointerout', out);
    return () => {
      element.removeEventListener('pointerover', over);
      element.removeEventListener('pointerout', out);
    };
  }, []);
  const target = wrapper.current?.firstElementChild;
  return (
    <span ref={wrapper} style={{ display: 'contents' }}>
      {children}
      {opened !== undefined && target instanceof HTMLElement && (
        <Suspense fallback={null}>
          <Tooltip label={label} opened={opened} target={target} />
        </Suspense>
      )}
    </span>
  );
}
