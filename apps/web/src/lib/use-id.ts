import { useId as useReactId } from 'react';

/**
 * The UI kit's `useId` (vite.config.ts points @mantine/hooks' own at this one in the build): `staticId`, else an
 * id from React's, stable from the first render. The kit's sets a random id in a layout effect of every component
 * that mounts with one (the shell, its header and navbar, each input, popover and tooltip), which made React
 * render the whole first screen a second time, synchronously, before its first paint.
 */
export function useId(staticId?: string): string {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : `mantine-${reactId.replace(/[^\w-]/g, '')}`;
}
