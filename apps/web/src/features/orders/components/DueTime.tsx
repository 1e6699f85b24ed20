import { Group, Text } from '@mantine/core';
import { IconAlarm } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates.ts';

/** The due time; overdue orders in red with the word "overdue" (colour is never the only signal). */
export function DueTime({ dueAt, overdue }: { dueAt: string; overdue: boolean }) {
  const { t } = useTranslation('orders');
  const format = useDateFormat();
  if (!overdue) return <Text size="sm">{format.dateTime(dueAt)}</Text>;
  return (
    <Group gap={4} wrap="nowrap" c="red.9" data-overdue="true">
      <IconAlarm size={16} aria-hidden />
      <Text size="sm" fw={700} c="red.9">
        {format.dateTime(dueAt)} · {t('overdue')}
      </Text>
    </Group>
  );
}
