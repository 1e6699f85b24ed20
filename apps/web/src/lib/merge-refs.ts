import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` as the UI kit's ScrollArea imports it from @floating-ui/react (vite.config.ts points
 * that one import here): the kit's own hook, so pages with a scroll area or a table do not load the
 * dropdowns' whole positioning library.
 */
export function useMergeRefs<T>(refs: (Ref<T> | undefined)[]) {
  return useMergedRef(...refs);
}
