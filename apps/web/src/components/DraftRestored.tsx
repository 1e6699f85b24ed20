import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../lib/dates.ts';

/** Above a form whose draft (lib/drafts.ts) was put back: when it was kept, and a button to throw it away. */
export function DraftRestored({ savedAt, onDiscard }: { savedAt: string; onDiscard: () => void }) {
  const { t } = useTranslation('orders');
  const { dateTime } = useDateFormat();
  return (
    <Alert color="blue" variant="light" title={t('draft.restored', { time: dateTime(savedAt) })}>
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t('draft.hint')}</Text>
        <Button size="compact-sm" variant="default" onClick={onDiscard}>
          {t('draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
