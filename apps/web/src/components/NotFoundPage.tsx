import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageHeader } from '../lib/page-header.tsx';
import { loginPath, useSessionToken } from '../lib/session.ts';

/**
 * Unknown paths and missing records (not found), pages that exist but not for the user's role
 * (`kind="forbidden"`): a user who followed a colleague's link is told it is a matter of access, not a
 * broken link; and, without a connection, a page never opened on this device (`kind="notOffline"`).
 * One look and one wording wherever something cannot be shown.
 */
export function NotFoundPage({ kind = 'notFound' }: { kind?: 'notFound' | 'forbidden' | 'notOffline' }) {
  const { t } = useTranslation();
  const signedIn = useSessionToken() !== null;
  // Inside the shell the header names the page; logged out there is no header.
  usePageHeader(t(`${kind}.short`));

  return (
    <Center mih={signedIn ? 'calc(100dvh - 140px)' : '100dvh'} px="md">
      <Stack align="center" gap="md" maw={520} ta="center">
        <Text fz={64} fw={800} c="brand.7" lh={1} aria-hidden>
          {t(`${kind}.code`)}
        </Text>
        <Title order={signedIn ? 2 : 1} size="h2">
          {t(`${kind}.title`)}
        </Title>
        <Text c="dimmed">{t(`${kind}.text`)}</Text>
        <Button
          component={Link}
          to={signedIn ? '/orders' : loginPath()}
          leftSection={<IconArrowLeft size={18} aria-hidden />}
        >
          {signedIn ? t('notFound.backToOrders') : t('notFound.toLogin')}
        </Button>
      </Stack>
    </Center>
  );
}
