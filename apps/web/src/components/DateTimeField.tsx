import { DateTimePicker } from '@mantine/dates';
import { type DateFieldProps, useDateFieldProps } from './DateField.tsx';
import { formatPickerText } from './date-text.ts';

/**
 * A date and a time on the wall clock of APP_TIMEZONE, the DateField's like: its value is a date-time picker's
 * text (lib/dates.ts toPickerValue, `YYYY-MM-DD HH:mm:ss`), shown as lib/dates.ts writes a moment (en
 * `21 Nov 2026, 14:05`, sv `21 nov. 2026 14:05`, fi `21.11.2026 klo 14.05`). Picked, not typed.
 */
export function DateTimeField(field: DateFieldProps) {
  const { t, lng, props } = useDateFieldProps(field);
  return (
    <DateTimePicker
      {...props}
      valueFormat={(text) => formatPickerText(text, lng)}
      timePickerProps={{ hoursInputLabel: t('hours'), minutesInputLabel: t('minutes') }}
      submitButtonProps={{ 'aria-label': t('timeDone') }}
    />
  );
}
