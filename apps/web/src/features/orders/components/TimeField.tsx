import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { PICKER_FORMAT } from '../../../lib/dates.ts';
import '../../../lib/dayjs-locale.ts';

/**
 * A date and time of an order (planned, completed) on the wall clock of APP_TIMEZONE (its value is
 * lib/dates.ts toPickerValue text): every part of the picker named in the user's language.
 */
export function TimeField({ label, ...props }: DateTimePickerProps & { label: string }) {
  const { t } = useTranslation('orders');
  return (
    <DateTimePicker
      label={label}
      valueFormat={PICKER_FORMAT}
      clearButtonProps={{ 'aria-label': t('edit.clearDate', { field: label }) }}
      timePickerProps={{ hoursInputLabel: t('edit.hours'), minutesInputLabel: t('edit.minutes') }}
      submitButtonProps={{ 'aria-label': t('edit.timeDone') }}
      nextLabel={t('edit.nextMonth')}
      previousLabel={t('edit.previousMonth')}
      {...props}
    />
  );
}
