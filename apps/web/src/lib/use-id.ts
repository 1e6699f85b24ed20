import { useId as useReactId } from 'react';

/**
 * The UI kit's `useId` (vite.config.ts points @mantine/hooks' own at this one in the build and the tests):
 * `staticId`, else an id from React's, stable from the first render. The kit's sets a random id in a layout effect
 * of every component that mounts with one (the shell, its header and navbar, each input, popover and tooltip), so
 * React rendered those components a second time, synchronously, after the first screen's commit and before its paint.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
