import { lazy, Suspense, useState } from 'react';
import type { ConfirmDeleteProps } from './ConfirmDeleteDialog.tsx';

export type { ConfirmDeleteProps };

const ConfirmDeleteDialog = lazy(() =>
  import('./ConfirmDeleteDialog.tsx').then((module) => ({ default: module.ConfirmDeleteDialog })),
);

/**
 * The delete confirmation of every list and page. The dialog, and the UI kit's dialogs with it, load
 * when it first opens, not with the page; it stays drawn after that, so it closes with its transition.
 */
export function ConfirmDelete(props: ConfirmDeleteProps) {
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDeleteDialog {...props} />
    </Suspense>
  );
}
