import { DateInput, DateTimePicker } from '@mantine/dates';
import { isLocale, type Locale } from '@wop/shared/constants';
import type { FocusEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates.ts';
import '../lib/dayjs-locale.ts';
import { formatPickerText, parseDateText } from './date-text.ts';

export interface DateFieldProps {
  label: string;
  /**
   * A day, `YYYY-MM-DD`; with `withTime`, a date-time picker's text (`YYYY-MM-DD HH:mm:ss`, lib/dates.ts
   * toPickerValue). Empty ('' or null) when none is chosen.
   */
  value?: string | null;
  /** The chosen value as `value` has it; '' when the field is cleared, as a native date input gives it. */
  onChange: (value: string) => void;
  /** A date and a time, picked (not typed); otherwise a day, picked from the calendar or typed. */
  withTime?: boolean;
  /** Whether the value can be removed; by default when the field is optional (no asterisk). */
  clearable?: boolean;
  withAsterisk?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  disabled?: boolean;
  onFocus?: FocusEventHandler<HTMLElement>;
  onBlur?: FocusEventHandler<HTMLElement>;
}

/**
 * A date field in the interface language, whatever the browser's own: the text as lib/dates.ts writes dates
 * (en `21 Nov 2026`, sv `21 nov. 2026`, fi `21.11.2026`), the calendar's months and weekdays too (the
 * DatesProvider of app/providers.tsx, weeks from Monday). Its value is the text a native date input has, so a
 * form's values, drafts and requests stay as they were. Spread a form's getInputProps on it.
 */
export function DateField({
  label,
  value,
  onChange,
  withTime = false,
  clearable,
  withAsterisk,
  description,
  error,
  disabled,
  onFocus,
  onBlur,
}: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const lng: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  const shared = {
    label,
    withAsterisk,
    clearable: clearable ?? !withAsterisk,
    clearButtonProps: { 'aria-label': t('dateField.clear', { field: label }) },
    nextLabel: t('dateField.nextMonth'),
    previousLabel: t('dateField.previousMonth'),
    value: value || null,
    onChange: (next: string | null) => onChange(next ?? ''),
    description,
    error,
    disabled,
    onFocus,
    onBlur,
  };
  if (withTime) {
    return (
      <DateTimePicker
        {...shared}
        valueFormat={(text) => formatPickerText(text, lng)}
        timePickerProps={{ hoursInputLabel: t('dateField.hours'), minutesInputLabel: t('dateField.minutes') }}
        submitButtonProps={{ 'aria-label': t('dateField.timeDone') }}
      />
    );
  }
  return (
    <DateInput
      {...shared}
      placeholder={t('dateField.placeholder')}
      valueFormat={(day) => formatDate(day, lng)}
      dateParser={(text) => parseDateText(text, lng)}
    />
  );
}
