import { Text, Timeline } from '@mantine/core';
import { IconCircleDot } from '@tabler/icons-react';
import { type HistoryWords, historyLine } from '@wop/shared/order-history';
import type { OrderHistoryEntry } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates.ts';
import { formatAmount } from '../../../lib/money.ts';

/** Every change of the order, oldest first, in the user's language (who, when, what). */
export function OrderHistory({ history, currency }: { history: OrderHistoryEntry[]; currency: string }) {
  const { t, i18n } = useTranslation('orders');
  const format = useDateFormat();
  const words: HistoryWords = {
    text: (key, params) => t(`history.${key}`, params ?? {}),
    dateTime: format.dateTime,
    value: (field, raw, label) => {
      if (field === 'nte_minor') return formatAmount(Number(raw), currency, i18n.language);
      if (field === 'status') return t(`common:status.${raw}`, { defaultValue: label ?? raw });
      if (field === 'approval_status') return t(`common:approval.${raw}`, { defaultValue: label ?? raw });
      return t(`common:priority.${raw}`, { defaultValue: label ?? raw });
    },
  };
  if (history.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Timeline bulletSize={18} lineWidth={2} active={history.length - 1}>
      {history.map((entry, index) => (
        <Timeline.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only and rendered in order
          key={index}
          bullet={<IconCircleDot size={12} aria-hidden />}
          title={<Text size="sm">{historyLine(entry, words)}</Text>}
        >
          <Text size="xs" c="dimmed">
            {entry.user?.name ?? t('history.someone')} · {format.dateTime(entry.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
