import { Badge, Button, VisuallyHidden } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/chat-unread-count.ts';

/** The order detail's "messages" button: toggles the chat panel and shows the unread count (polled every 10 s). */
export function MessagesButton({
  orderId,
  opened,
  onClick,
}: {
  orderId: number;
  opened: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('chat');
  const unread = useUnreadCount(orderId);
  const count = unread.data ?? 0;
  return (
    <Button
      variant={opened ? 'filled' : 'light'}
      leftSection={<IconMessages size={18} aria-hidden />}
      rightSection={
        count > 0 ? (
          <Badge size="sm" color="red" variant="filled" circle={count < 10} data-testid="chat-unread-badge">
            {count}
            <VisuallyHidden> {t('unreadSuffix', { count })}</VisuallyHidden>
          </Badge>
        ) : undefined
      }
      // Named by what it shows ("Messages 2 unread"): the unread word is there for screen readers only.
      onClick={onClick}
      aria-expanded={opened}
      aria-controls="order-chat-panel"
    >
      {t('button')}
    </Button>
  );
}
