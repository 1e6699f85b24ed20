import { Select, type SelectProps } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { Reached } from '../stand-in.ts';

/**
 * The select of FilterSelect, loaded when the filter is first used: `takeOver` is what its stand-in
 * had been given, the focus or an opening click or key.
 */
export function FilterSelectField({ takeOver, ...props }: SelectProps & { takeOver?: Reached }) {
  const ref = useRef<HTMLInputElement>(null);
  // On mount (takeOver does not change after): the focus stays where the user put it.
  useEffect(() => {
    if (takeOver) ref.current?.focus();
  }, [takeOver]);
  return <Select ref={ref} defaultDropdownOpened={takeOver === 'open'} {...props} />;
}
