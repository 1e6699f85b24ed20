import { DateInput } from '@mantine/dates';
import { isLocale, type Locale } from '@wop/shared/constants';
import type { FocusEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates.ts';
import '../lib/dayjs-locale.ts';
import { formatLongDate, parseDateText } from './date-text.ts';

export interface DateFieldProps {
  label: string;
  /** A day, `YYYY-MM-DD` (DateTimeField: `YYYY-MM-DD HH:mm:ss`); empty ('' or null) when none is chosen. */
  value?: string | null;
  /** The chosen value as `value` has it; '' when the field is cleared, as a native date input gives it. */
  onChange: (value: string) => void;
  /** Whether the value can be removed; by default when the field is optional (no asterisk). */
  clearable?: boolean;
  withAsterisk?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
}

/** What the date fields share: the value as a native input has it, the labels in the interface language. */
export function useDateFieldProps(field: DateFieldProps) {
  const { label, value, onChange, clearable, withAsterisk, description, error, disabled, onFocus, onBlur } = field;
  const { t, i18n } = useTranslation('dates');
  const lng: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  return {
    t,
    lng,
    // Named one by one: a form's getInputProps carries more than a date field takes.
    props: {
      label,
      withAsterisk,
      description,
      error,
      disabled,
      onFocus,
      onBlur,
      clearable: clearable ?? !withAsterisk,
      clearButtonProps: { 'aria-label': t('clear', { field: label }) },
      nextLabel: t('nextMonth'),
      previousLabel: t('previousMonth'),
      getDayAriaLabel: (day: string) => formatLongDate(day, lng),
      highlightToday: true,
      value: value || null,
      onChange: (next: string | null) => onChange(next ?? ''),
    },
  };
}

/**
 * A date field in the interface language, whatever the browser's own: the text as lib/dates.ts writes dates
 * (en `21 Nov 2026`, sv `21 nov. 2026`, fi `21.11.2026`), typed so too (or as 2026-11-21), and the calendar's
 * months and weekdays (the DatesProvider of app/providers.tsx, weeks from Monday). Its value is the text a
 * native date input has, so a form's values, drafts and requests stay as they were. Spread a form's
 * getInputProps on it. A date and a time: DateTimeField.
 */
export function DateField(field: DateFieldProps) {
  const { t, lng, props } = useDateFieldProps(field);
  return (
    <DateInput
      {...props}
      placeholder={t('placeholder')}
      valueFormat={(day) => formatDate(day, lng)}
      dateParser={(text) => parseDateText(text, lng)}
    />
  );
}
