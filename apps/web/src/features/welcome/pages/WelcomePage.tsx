import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconBook, IconChevronRight, IconList, IconPhoneCall, IconPlus } from '@tabler/icons-react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { COMPLETED_STATUS } from '@wop/shared/constants';
import { hasRoute } from '@wop/shared/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { StatusBadge } from '../../../components/badges.tsx';
import { LinkCard, LoadErrorAlert, TileGrid, TileSkeletons } from '../../../components/Tiles.tsx';
import { ORDER_CREATE_PATH, orderListPath } from '../../../entities/orders.ts';
import { statusOptionsQueryOptions } from '../../../entities/orderstatus.ts';
import { useCurrentUser, useRole } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { needsYouKind, needsYouQueryOptions, signOffQueryOptions } from '../api/get-needs-you.ts';
import { orderCountQueryOptions } from '../api/get-order-count.ts';
import { NeedsYouNow, SignOffWaiting } from '../components/NeedsYouNow.tsx';

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'afternoon';
  return 'evening';
}

function Shortcut({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <LinkCard to={to}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Text fw={600}>{label}</Text>
        </Group>
        <IconChevronRight size={18} aria-hidden />
      </Group>
    </LinkCard>
  );
}

/** The counts once every one has come or failed: one render for all of them, not one per answer. */
const whenAllSettled = <T extends { isPending: boolean }>(results: T[]): T[] | null =>
  results.some((result) => result.isPending) ? null : results;

/**
 * The open orders per status, each opening the list of that status. Its own component: the counts' answers
 * re-render these tiles, not the whole page.
 */
function OpenOrders() {
  const { t, i18n } = useTranslation(['welcome', 'common']);
  // The page explains a failure in place.
  const statuses = useQuery({ ...statusOptionsQueryOptions(i18n.language), meta: { silent: true } });
  const open = (statuses.data ?? []).filter((status) => status.slug !== COMPLETED_STATUS);
  const counts =
    useQueries({ queries: open.map((status) => orderCountQueryOptions(status.slug)), combine: whenAllSettled }) ?? [];
  const anyCountFailed = counts.some((count) => count.isError);
  const allCounted = counts.length > 0 && counts.every((count) => count.isSuccess);
  const totalOpen = counts.reduce((sum, count) => sum + (count.data ?? 0), 0);
  const failed = statuses.isError || anyCountFailed;

  const retry = () => {
    if (statuses.isError) void statuses.refetch();
    for (const count of counts) if (count.isError) void count.refetch();
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="open-orders">
      <Group justify="space-between" mb="md" gap="xs">
        <Title order={3} size="h4" id="open-orders">
          {t('openOrders')}
        </Title>
        {allCounted && (
          <Text fw={600} aria-live="polite">
            {t('openTotal', { count: totalOpen })}
          </Text>
        )}
      </Group>

      {failed && <LoadErrorAlert message={t('loadError')} onRetry={retry} mb="md" />}

      {statuses.isPending && <TileSkeletons height={92} />}

      {statuses.isSuccess && open.length === 0 && <Text c="dimmed">{t('noStatuses')}</Text>}

      {open.length > 0 && (
        <TileGrid>
          {open.map((status, index) => {
            const count = counts[index];
            const label = t(`common:status.${status.slug}`, { defaultValue: status.title });
            return (
              <LinkCard key={status.id} to={orderListPath({ status: status.slug })}>
                <Stack gap="xs">
                  <StatusBadge status={status.slug} label={status.title} w="fit-content" />
                  {!count || count.isPending ? (
                    <Skeleton h={34} w={60} />
                  ) : (
                    <Text fz={30} fw={700} lh={1.1}>
                      {count.isSuccess ? count.data : '–'}
                    </Text>
                  )}
                  {/* The link's name starts with what it shows (WCAG 2.5.3), then says where it goes. */}
                  <VisuallyHidden>{t('showOrders', { status: label })}</VisuallyHidden>
                </Stack>
              </LinkCard>
            );
          })}
        </TileGrid>
      )}
    </Paper>
  );
}

/**
 * What needs the user comes first, and its height is known only with its answers: until they have come a
 * placeholder stands there and the rest of the page, mounted so that its data loads meanwhile, is not laid
 * out. Then nothing moves when the answers come. Its own component: those answers re-render this wrapper,
 * not the page inside it.
 */
function AfterFirstAnswers({ canSignOff, children }: { canSignOff: boolean; children: ReactNode }) {
  const needs = useQuery(needsYouQueryOptions(needsYouKind(useRole())));
  const signOff = useQuery({ ...signOffQueryOptions(), enabled: canSignOff });
  const firstAnswers = !needs.isPending && !(canSignOff && signOff.isPending);
  return (
    <>
      {!firstAnswers && <Skeleton h={180} radius="md" />}
      <Stack gap="xl" display={firstAnswers ? undefined : 'none'}>
        {children}
      </Stack>
    </>
  );
}

/** `/` for the roles with a welcome page. The outlet holds what the router puts there for `/` (the figures). */
export function WelcomePage() {
  const { t } = useTranslation(['welcome', 'common']);
  const user = useCurrentUser();
  const firstName = user.name.split(/\s+/)[0] || user.name;
  const title = t(`greeting.${greetingKey(new Date().getHours())}`, { name: firstName });
  usePageHeader(t('common:nav.dashboard'));
  const canSignOff = user.role === 'store-manager';

  return (
    <Stack gap="xl" maw={1100}>
      <Stack gap={4}>
        <Title order={2}>{title}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>

      <AfterFirstAnswers canSignOff={canSignOff}>
        {canSignOff && <SignOffWaiting />}
        <NeedsYouNow />

        <Outlet />

        <OpenOrders />

        <Stack gap="sm" component="section" aria-labelledby="shortcuts">
          <Title order={3} size="h4" id="shortcuts">
            {t('shortcuts')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {hasRoute(user.role, 'order-create') && (
              <Shortcut to={ORDER_CREATE_PATH} icon={<IconPlus size={20} />} label={t('shortcut.newOrder')} />
            )}
            <Shortcut to={orderListPath()} icon={<IconList size={20} />} label={t('shortcut.orders')} />
            <Shortcut to="/jour-nummer" icon={<IconPhoneCall size={20} />} label={t('shortcut.jour')} />
            <Shortcut to="/upload-files" icon={<IconBook size={20} />} label={t('shortcut.manuals')} />
          </SimpleGrid>
        </Stack>
      </AfterFirstAnswers>
    </Stack>
  );
}
