import { Text, Timeline } from '@mantine/core';
import { IconCircleDot } from '@tabler/icons-react';
import type { OrderHistoryEntry } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../lib/dates.ts';
import { formatAmount } from '../../../lib/money.ts';

const DATE_FIELDS = new Set(['planned_at', 'completed_at']);

/** Every change of the order, oldest first, in the user's language (who, when, from what to what). */
export function OrderHistory({ history, currency }: { history: OrderHistoryEntry[]; currency: string }) {
  const { t, i18n } = useTranslation('orders');
  const format = useDateFormat();
  const value = (field: string, raw: string | null, label: string | null) => {
    if (raw === null) return t('history.none');
    if (DATE_FIELDS.has(field)) return format.dateTime(raw);
    if (field === 'nte_minor') return formatAmount(Number(raw), currency, i18n.language);
    if (field === 'quote') return t(`costs:quote.status.${raw}`, { defaultValue: raw });
    if (field === 'status') return t(`common:status.${raw}`, { defaultValue: label ?? raw });
    if (field === 'approval_status') return t(`common:approval.${raw}`, { defaultValue: label ?? raw });
    return label ?? raw;
  };
  const describe = (entry: OrderHistoryEntry) => {
    if (entry.field === 'created') return t('history.created', { number: entry.to });
    if (entry.field === 'document') return t('history.document', { name: entry.to });
    return t('history.changed', {
      field: t(`history.fields.${entry.field}`, { defaultValue: entry.field }),
      from: value(entry.field, entry.from, entry.from_label),
      to: value(entry.field, entry.to, entry.to_label),
    });
  };
  if (history.length === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  return (
    <Timeline bulletSize={18} lineWidth={2} active={history.length - 1}>
      {history.map((entry, index) => (
        <Timeline.Item
          // biome-ignore lint/suspicious/noArrayIndexKey: history is append-only and rendered in order
          key={index}
          bullet={<IconCircleDot size={12} aria-hidden />}
          title={<Text size="sm">{describe(entry)}</Text>}
        >
          <Text size="xs" c="dimmed">
            {entry.user?.name ?? t('history.someone')} · {format.dateTime(entry.at)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
