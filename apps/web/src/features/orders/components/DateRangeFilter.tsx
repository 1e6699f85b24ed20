import { DatePickerInput } from '@mantine/dates';
import { isLocale } from '@wop/shared/constants';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reached } from '../../../components/stand-in.ts';
import { formatDate } from '../../../lib/dates.ts';
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
  const { i18n } = useTranslation();
  const lng = isLocale(i18n.language) ? i18n.language : 'en';
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
      // Each end as the app writes a date (fi `21.11.2026`), not dayjs's month names.
      valueFormatter={({ date, labelSeparator }) =>
        (Array.isArray(date) ? date : [date])
          .filter((day) => day !== null)
          .map((day) => formatDate(day, lng))
          .join(` ${labelSeparator} `)
      }
      value={value}
      onChange={([start, end]) => onChange(start, end)}
    />
  );
}
