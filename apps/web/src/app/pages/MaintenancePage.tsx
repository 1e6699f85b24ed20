import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRefresh, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shown when the user-detail call answers 500 (spec 2, 4). */
export function MaintenancePage({ onRefresh, refreshing = false }: { onRefresh: () => void; refreshing?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" px="md" component="main">
      <Stack align="center" gap="md" maw={480} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconTool size={40} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('maintenance.title')}
        </Title>
        <Text c="dimmed">{t('maintenance.text')}</Text>
        <Button onClick={onRefresh} loading={refreshing} leftSection={<IconRefresh size={18} aria-hidden />}>
          {t('maintenance.refresh')}
        </Button>
      </Stack>
    </Center>
  );
}
