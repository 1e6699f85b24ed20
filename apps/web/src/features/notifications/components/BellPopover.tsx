import { ActionIcon, Button, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import type { Notification } from '@wop/shared/notifications';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { orderPath } from '../../../entities/orders.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { useLive } from '../../../lib/live-status.ts';
import { useMarkRead, useNotifications } from '../api/notifications.ts';
import { bellButton } from './bell-button.ts';

const LIST_SIZE = 20;

/**
 * The bell's list: the newest notifications, mark one or all read; an entry opens its order. Loaded by
 * NotificationBell.tsx with the bell's first click, and drawn open.
 */
export function BellPopover({ count }: { count: number }) {
  const { t } = useTranslation('notifications');
  const [opened, { toggle, close }] = useDisclosure(true);
  const list = useNotifications(LIST_SIZE, opened);
  const markRead = useMarkRead();
  const navigate = useNavigate();
  const format = useDateFormat();
  const live = useLive();
  const target = useRef<HTMLButtonElement>(null);
  // Mount only: the focus was on the stand-in button this one replaces.
  useEffect(() => target.current?.focus(), []);

  const open = (n: Notification) => {
    if (!n.read_at) markRead.mutate({ ids: [n.id] });
    close();
    void navigate(orderPath(n.order_id));
  };

  return (
    <Popover
      opened={opened}
      onChange={(value) => !value && close()}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <ActionIcon ref={target} {...bellButton(t, count, live)} onClick={toggle} aria-expanded={opened}>
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
  );
}
