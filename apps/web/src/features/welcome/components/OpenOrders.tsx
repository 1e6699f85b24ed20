import { Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueries, useQuery } from '@tanstack/react-query';
import { COMPLETED_STATUS } from '@wop/shared/constants';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/badges.tsx';
import { LinkCard, LoadErrorAlert, TileGrid, TileSkeletons } from '../../../components/Tiles.tsx';
import { dashboardQueryOptions } from '../../../entities/dashboard.ts';
import { orderListPath } from '../../../entities/orders.ts';
import { statusOptionsQueryOptions } from '../../../entities/orderstatus.ts';
import { useCan } from '../../../lib/current-user.ts';
import { orderCountQueryOptions } from '../api/get-order-count.ts';

/** A status's tile: its count, `undefined` while it loads, `null` where it failed. */
interface Tile {
  slug: string;
  title: string;
  count: number | null | undefined;
}

interface Counts {
  /** null while the statuses are not known yet. */
  tiles: Tile[] | null;
  failed: boolean;
  retry: () => void;
}

/** The counts once every one has come or failed: one render for all of them, not one per answer. */
const whenAllSettled = <T extends { isPending: boolean }>(results: T[]): T[] | null =>
  results.some((result) => result.isPending) ? null : results;

/**
 * From the figures' answer, which has the open orders per status and which the figures on the same page use too:
 * one call for every tile. A status the app has no word for (one an admin added) is named by its title, for
 * which the statuses are asked then only.
 */
function useCountsFromDashboard(enabled: boolean): Counts {
  const { i18n } = useTranslation();
  const dashboard = useQuery({ ...dashboardQueryOptions(), enabled, meta: { silent: true } });
  const counts = dashboard.data?.open_by_status;
  const untitled = Object.keys(counts ?? {}).some((slug) => !i18n.exists(`common:status.${slug}`));
  const statuses = useQuery({
    ...statusOptionsQueryOptions(i18n.language),
    enabled: enabled && untitled,
    meta: { silent: true },
  });
  const title = (slug: string) => statuses.data?.find((status) => status.slug === slug)?.title ?? slug;
  return {
    tiles: counts ? Object.entries(counts).map(([slug, count]) => ({ slug, title: title(slug), count })) : null,
    failed: dashboard.isError,
    retry: () => void dashboard.refetch(),
  };
}

/** For a role without the figures: the open statuses, then a one-row page of the list for each. */
function useCountsPerStatus(enabled: boolean): Counts {
  const { i18n } = useTranslation();
  const statuses = useQuery({ ...statusOptionsQueryOptions(i18n.language), enabled, meta: { silent: true } });
  const open = enabled ? (statuses.data ?? []).filter((status) => status.slug !== COMPLETED_STATUS) : [];
  const counts =
    useQueries({ queries: open.map((status) => orderCountQueryOptions(status.slug)), combine: whenAllSettled }) ?? [];
  return {
    tiles: statuses.data
      ? open.map((status, index) => ({
          slug: status.slug,
          title: status.title,
          count: counts[index]?.data ?? (counts[index]?.isError ? null : undefined),
        }))
      : null,
    failed: statuses.isError || counts.some((count) => count.isError),
    retry: () => {
      if (statuses.isError) void statuses.refetch();
      for (const count of counts) if (count.isError) void count.refetch();
    },
  };
}

/**
 * The open orders per status, each opening the list of that status. Its own component: the counts' answers
 * re-render these tiles, not the whole page.
 */
export function OpenOrders() {
  const { t } = useTranslation(['welcome', 'common']);
  const withFigures = useCan('dashboard:view');
  const fromDashboard = useCountsFromDashboard(withFigures);
  const perStatus = useCountsPerStatus(!withFigures);
  const { tiles, failed, retry } = withFigures ? fromDashboard : perStatus;
  const allCounted = tiles !== null && tiles.length > 0 && tiles.every((tile) => typeof tile.count === 'number');
  const totalOpen = (tiles ?? []).reduce((sum, tile) => sum + (tile.count ?? 0), 0);

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

      {tiles === null && !failed && <TileSkeletons height={92} />}

      {tiles?.length === 0 && <Text c="dimmed">{t('noStatuses')}</Text>}

      {tiles && tiles.length > 0 && (
        <TileGrid>
          {tiles.map(({ slug, title, count }) => {
            const label = t(`common:status.${slug}`, { defaultValue: title });
            return (
              <LinkCard key={slug} to={orderListPath({ status: slug })}>
                <Stack gap="xs">
                  <StatusBadge status={slug} label={label} w="fit-content" />
                  {count === undefined ? (
                    <Skeleton h={34} w={60} />
                  ) : (
                    <Text fz={30} fw={700} lh={1.1}>
                      {count ?? '–'}
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
