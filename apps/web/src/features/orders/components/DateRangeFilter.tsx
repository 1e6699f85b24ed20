import { DatePickerInput } from '@mantine/dates';
import { useEffect, useRef } from 'react';
import type { Reached } from '../../../components/stand-in.ts';
import '../../../lib/dayjs-locale.ts';

/**
 * The creation-date range of the order filters: two local dates, or none. Loaded when the field is
 * first used: `takeOver` is what the stand-in field had been given, the focus or a click (open).
 */
export function DateRangeFilter({
  label,
  placeholder,
  value,
  onChange,
  takeOver,
}: {
  label: string;
  placeholder: string;
  value: [string | null, string | null];
  onChange: (from: string | null, to: string | null) => void;
  takeOver?: Reached;
}) {
  const ref = useRef<HTMLButtonElement>(null);
  // On mount (takeOver does not change after): the stand-in's focus or click carries over.
  useEffect(() => {
    if (takeOver === 'open') ref.current?.click();
    else if (takeOver === 'focus') ref.current?.focus();
  }, [takeOver]);
  return (
    <DatePickerInput
      ref={ref}
      type="range"
      clearable
      w={240}
      label={label}
      placeholder={placeholder}
      valueFormat="D MMM YYYY"
      value={value}
      onChange={([start, end]) => onChange(start, end)}
    />
  );
}
