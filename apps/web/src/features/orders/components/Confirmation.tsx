import { Alert, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { LOCALES } from '@wop/shared/constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadLanguage } from '../../../lib/i18n.ts';

/**
 * The confirmation mode after an order is created (spec 1, 4): thanks, and a service technician
 * will be in touch soon, in the user's language first and then in the other two.
 */
export function Confirmation({ projectNumber, onClose }: { projectNumber: number; onClose: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const others = LOCALES.filter((l) => l !== i18n.language);
  // Only the interface language is loaded up front: fetch the other two for their lines.
  const [loaded, setLoaded] = useState(() => others.every((l) => i18n.hasResourceBundle(l, 'orders')));
  useEffect(() => {
    if (loaded) return;
    let live = true;
    Promise.all(LOCALES.map(loadLanguage)).then(
      () => live && setLoaded(true),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  return (
    <Alert
      color="teal"
      variant="light"
      icon={<IconCircleCheck size={22} aria-hidden />}
      title={
        <Group justify="space-between" wrap="nowrap">
          <span>{t('confirmation.title', { number: projectNumber })}</span>
          <CloseButton aria-label={t('common:actions.close')} onClick={onClose} />
        </Group>
      }
      data-testid="order-confirmation"
      role="status"
    >
      <Stack gap={6}>
        <Text fw={600}>{t('confirmation.text')}</Text>
        {loaded &&
          others.map((lng) => (
            <Text key={lng} size="sm" c="dimmed" lang={lng}>
              {i18n.getFixedT(lng, 'orders')('confirmation.text')}
            </Text>
          ))}
      </Stack>
    </Alert>
  );
}
