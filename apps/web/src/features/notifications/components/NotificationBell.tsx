import {
  ActionIcon,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import type { Notification } from '@wop/shared/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDateFormat } from '../../../lib/dates.ts';
import { useLive } from '../../../lib/live-status.ts';
import { useMarkRead, useNotifications, useUnreadNotifications } from '../api/notifications.ts';

const LIST_SIZE = 20;

/** The header bell: unread count, the newest notifications, mark one or all read; an entry opens its order. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, { toggle, close }] = useDisclosure(false);
  const unread = useUnreadNotifications();
  const list = useNotifications(LIST_SIZE, opened);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const count = unread.data ?? 0;
  const format = useDateFormat();
  const live = useLive();

  const open = (n: Notification) => {
    if (!n.read_at) markRead.mutate({ ids: [n.id] });
    close();
    void navigate(`/orders/${n.order_id}`);
  };

  // The indicator stays outside the popover's target: the target gets the popup's ARIA attributes,
  // which belong on the button, not on the indicator's wrapper.
  return (
    <Indicator label={count > 99 ? '99+' : count} size={18} disabled={count === 0} color="red" offset={4}>
      <Popover
        opened={opened}
        onChange={(value) => !value && close()}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={toggle}
            aria-label={count ? t('bellUnread', { count }) : t('bell')}
            aria-expanded={opened}
            data-testid="notification-bell"
            data-live={live}
          >
            <IconBell size={22} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group
            justify="space-between"
            px="md"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <Text fw={600}>{t('title')}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={count === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({ all: true })}
            >
              {t('markAllRead')}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={420}>
            {list.isPending ? (
              <Group justify="center" p="md">
                <Loader size="sm" />
              </Group>
            ) : list.data?.data.length ? (
              <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {list.data.data.map((n) => (
                  <li key={n.id}>
                    <UnstyledButton
                      onClick={() => open(n)}
                      w="100%"
                      px="md"
                      py="xs"
                      style={{
                        borderBottom: '1px solid var(--mantine-color-gray-2)',
                        background: n.read_at ? undefined : 'var(--mantine-color-blue-0)',
                      }}
                    >
                      <Text size="sm" fw={n.read_at ? 400 : 600}>
                        {n.title}
                      </Text>
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {n.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {format.dateTime(n.created_at)}
                        {n.read_at ? '' : ` · ${t('unread')}`}
                      </Text>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text p="md" c="dimmed" size="sm">
                {t('empty')}
              </Text>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
