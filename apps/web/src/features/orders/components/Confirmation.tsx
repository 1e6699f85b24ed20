import { Alert, Anchor, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconPhoneCall } from '@tabler/icons-react';
import { type PhoneIn, telHref } from '@wop/shared/phonein';
import { useTranslation } from 'react-i18next';

/**
 * The confirmation mode after an order is created (spec 1, 4): thanks, and a service technician
 * will be in touch soon, in the user's language (one language on a screen). An ASAP order also
 * shows whom to phone now (`phoneIn`), as a tap-to-call link.
 */
export function Confirmation({
  projectNumber,
  phoneIn,
  onClose,
}: {
  projectNumber: number;
  phoneIn?: PhoneIn | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
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
        {phoneIn && <PhoneItIn phoneIn={phoneIn} />}
        <Text fw={600}>{t('confirmation.text')}</Text>
      </Stack>
    </Alert>
  );
}

/**
 * "Phone it in now: <number>" with who answers, prominent, the number a `tel:` link: on the confirmation,
 * and on the order page while an ASAP order is open (so it is there when the order is opened again).
 */
export function PhoneItIn({ phoneIn }: { phoneIn: PhoneIn }) {
  const { t } = useTranslation('orders');
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-body)" data-testid="phone-in">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconPhoneCall size={28} color="var(--mantine-color-red-7)" aria-hidden style={{ flexShrink: 0 }} />
        <Stack gap={2}>
          <Text fw={700} size="lg">
            {t('phoneIn.now')}{' '}
            <Anchor href={telHref(phoneIn.number)} fw={700} style={{ whiteSpace: 'nowrap' }}>
              {phoneIn.number}
            </Anchor>
          </Text>
          <Text size="sm">{phoneIn.label}</Text>
          <Text size="sm" c="dimmed">
            {phoneIn.after_hours ? t('phoneIn.afterHours') : t('phoneIn.office')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
