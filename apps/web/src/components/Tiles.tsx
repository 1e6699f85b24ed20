import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Figures as tiles: two across on a phone, four from a medium screen up. */
export function TileGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {children}
    </SimpleGrid>
  );
}

/** Four placeholder tiles of `height` while the figures load. */
export function TileSkeletons({ height }: { height: number }) {
  return (
    <TileGrid>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={height} radius="md" />
      ))}
    </TileGrid>
  );
}

/** A bordered card that is a link as a whole, its text in the page's colour. */
export function LinkCard({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Card
      component={Link}
      to={to}
      withBorder
      radius="md"
      padding="md"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      {children}
    </Card>
  );
}

/** Something failed to load: `message` and a button to try again. */
export function LoadErrorAlert({ message, onRetry, mb }: { message: string; onRetry: () => void; mb?: string }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} mb={mb} role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="orange.9" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
