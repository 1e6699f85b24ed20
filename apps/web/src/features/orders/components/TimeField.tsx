import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import { isLocale } from '@wop/shared/constants';
import { useTranslation } from 'react-i18next';
import { formatPickerText } from '../../../components/date-text.ts';
import '../../../lib/dayjs-locale.ts';

/**
 * A date and time of an order (planned, completed) on the wall clock of APP_TIMEZONE (its value is
 * lib/dates.ts toPickerValue text): shown as the app writes a moment (fi `21.11.2026 klo 14.05`), every part of
 * the picker named in the user's language.
 */
export function TimeField({ label, ...props }: DateTimePickerProps & { label: string }) {
  const { t, i18n } = useTranslation('orders');
  const lng = isLocale(i18n.language) ? i18n.language : 'en';
  return (
    <DateTimePicker
      label={label}
      valueFormat={(text) => formatPickerText(text, lng)}
      clearButtonProps={{ 'aria-label': t('edit.clearDate', { field: label }) }}
      timePickerProps={{ hoursInputLabel: t('edit.hours'), minutesInputLabel: t('edit.minutes') }}
      submitButtonProps={{ 'aria-label': t('edit.timeDone') }}
      nextLabel={t('edit.nextMonth')}
      previousLabel={t('edit.previousMonth')}
      {...props}
    />
  );
}
