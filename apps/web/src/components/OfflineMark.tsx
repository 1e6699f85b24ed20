import { Group, Paper, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../lib/i18n.ts';
import { offlineNoticeText, useOfflineState } from '../lib/offline.ts';

/**
 * The offline mark at the top of the page, in the flow of the page so that it covers nothing: shown
 * at once when the connection goes, and saying how old the orders on screen are while they come
 * from the service worker's cache.
 */
export function OfflineMark() {
  const { t } = useTranslation();
  const { online, cachedAt } = useOfflineState();
  if (online && cachedAt === null) return null;
  const text = cachedAt === null ? t('offline.noConnection') : offlineNoticeText(cachedAt, currentLanguage());
  return (
    <Paper
      role="status"
      data-testid="offline-mark"
      radius="md"
      px="sm"
      py={6}
      mb="sm"
      // The colours of a warning, dark enough on their tint for AA contrast.
      style={{ background: '#fff3bf', color: '#6b4100', border: '1px solid #f0d36b' }}
    >
      <Group gap={8} wrap="nowrap">
        <IconWifiOff size={18} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm" fw={600}>
          {text}
        </Text>
      </Group>
    </Paper>
  );
}
