import { Badge, Group, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Order } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PriorityBadge, StatusBadge } from '../../../components/badges.tsx';
import { OnSiteBadge, SiteVisitActions } from '../../../components/SiteVisit.tsx';
import { LoadErrorAlert } from '../../../components/Tiles.tsx';
import { orderListPath, orderPath } from '../../../entities/orders.ts';
import { useRole } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import {
  NEEDS_YOU_FILTERS,
  type NeedsYouKind,
  needsYouKind,
  needsYouQueryOptions,
  SIGN_OFF_FILTERS,
  signOffQueryOptions,
} from '../api/get-needs-you.ts';

const ASAP = 10;

function OrderRow({ order, kind }: { order: Order; kind: NeedsYouKind | 'signOff' }) {
  const { t } = useTranslation('welcome');
  const format = useDateFormat();
  const when =
    kind === 'signOff'
      ? t('needs.completed', { when: format.relative(order.completed_at) })
      : kind === 'jobs'
        ? order.planned_at
          ? t('needs.planned', { when: format.dateTime(order.planned_at) })
          : t('needs.notPlanned')
        : t('needs.placed', { when: format.relative(order.created_at) });
  return (
    <UnstyledButton
      component={Link}
      to={orderPath(order.id)}
      p="sm"
      style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={700}>
            {order.project_number} · {order.store.store_name}
          </Text>
          <Text size="sm" c="dimmed">
            {order.worktype_label} · {when}
          </Text>
        </Stack>
        <Group gap={6} wrap="wrap">
          {order.unread_count > 0 && (
            <Badge color="red.9" variant="filled" tt="none" leftSection={<IconMessages size={12} aria-hidden />}>
              {t('needs.messages', { count: order.unread_count })}
            </Badge>
          )}
          {order.overdue && (
            <Badge color="red.9" variant="outline" tt="none">
              {t('needs.overdue')}
            </Badge>
          )}
          <OnSiteBadge since={order.on_site_since} />
          {order.priority === ASAP && <PriorityBadge priority={order.priority} label={order.priority_label} />}
          <StatusBadge status={order.status} label={order.status_label} />
        </Group>
      </Group>
    </UnstyledButton>
  );
}

/**
 * The home page's first answer to "what needs me now": approvers the orders awaiting their approval,
 * technicians their next jobs, store managers their open orders with replies waiting first. Each
 * row opens the order; "See all" opens the same orders in the list.
 */
export function NeedsYouNow() {
  const { t } = useTranslation('welcome');
  const kind = needsYouKind(useRole());
  const query = useQuery(needsYouQueryOptions(kind));
  const orders = [...(query.data?.data ?? [])];
  // Replies waiting first; otherwise the server's order.
  if (kind === 'open') orders.sort((a, b) => Number(b.unread_count > 0) - Number(a.unread_count > 0));
  const total = query.data?.total ?? 0;

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="needs-you">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} size="h4" id="needs-you">
          {t(`needs.${kind}.title`)}
        </Title>
        {total > orders.length && (
          <Text component={Link} to={orderListPath(NEEDS_YOU_FILTERS[kind])} fw={600} c="blue.8">
            {t('needs.seeAll', { count: total })}
          </Text>
        )}
      </Group>
      {query.isError && <LoadErrorAlert message={t('needs.loadError')} onRetry={() => void query.refetch()} />}
      {query.isPending && (
        <Stack gap="xs">
          <Skeleton h={62} />
          <Skeleton h={62} />
        </Stack>
      )}
      {query.isSuccess && orders.length === 0 && (
        <Group gap="xs">
          <IconCircleCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden />
          <Text>{t(`needs.${kind}.empty`)}</Text>
        </Group>
      )}
      {orders.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {orders.map((order) => (
            <li key={order.id} style={{ display: 'grid', gap: 'var(--mantine-spacing-xs)' }}>
              <OrderRow order={order} kind={kind} />
              {kind === 'jobs' && <SiteVisitActions order={order} />}
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * A store manager's completed orders that wait for its word ("fixed" or "not fixed"), oldest first:
 * shown only while there are any, above what else needs the store.
 */
export function SignOffWaiting() {
  const { t } = useTranslation('welcome');
  const query = useQuery(signOffQueryOptions());
  const orders = query.data?.data ?? [];
  const total = query.data?.total ?? 0;
  if (orders.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="sign-off-waiting"
      style={{ borderColor: 'var(--mantine-color-orange-6)' }}
    >
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={3} size="h4" id="sign-off-waiting">
          {t('needs.signOff.title')}
        </Title>
        {total > orders.length && (
          <Text component={Link} to={orderListPath(SIGN_OFF_FILTERS)} fw={600} c="blue.8">
            {t('needs.seeAll', { count: total })}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('needs.signOff.text')}
      </Text>
      <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {orders.map((order) => (
          <li key={order.id} style={{ display: 'grid' }}>
            <OrderRow order={order} kind="signOff" />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}
