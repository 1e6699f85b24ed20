import { Anchor, Badge, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@wop/shared/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/badges.tsx';
import { StripedTable } from '../../../components/StripedTable.tsx';
import { useDateFormat } from '../../../lib/dates.ts';
import { formatMinor } from '../../../lib/money.ts';
import { assetHistoryQueryOptions } from '../api/assets.ts';

const PAGE = 20;

/** The asset's orders the user sees: open ones first, newest first, each with what a facilities manager asks. */
export function AssetHistory({ asset }: { asset: Pick<Asset, 'id' | 'store_id'> }) {
  const { t } = useTranslation('assets');
  const { dateTime, lng } = useDateFormat();
  const [page, setPage] = useState(1);
  const history = useQuery(assetHistoryQueryOptions(asset.id, page));
  if (history.isPending) return <Skeleton h={120} />;
  if (!history.data || history.data.total === 0) return <Text c="dimmed">{t('history.empty')}</Text>;
  const { data, total } = history.data;
  const hours = (minutes: number) => (minutes === 0 ? '–' : t('history.onSite', { hours: (minutes / 60).toFixed(1) }));
  return (
    <Stack gap="sm">
      <StripedTable
        labelledBy="asset-history"
        minWidth={640}
        rows={data}
        rowKey={(o) => o.id}
        columns={[
          {
            header: t('history.order'),
            cell: (o) => (
              <>
                <Anchor component={Link} to={`/orders/${o.id}`} fw={700} size="sm">
                  {o.project_number}
                </Anchor>
                <Text size="xs" lineClamp={2} maw={320}>
                  {o.description}
                </Text>
                <Group gap={4} mt={2}>
                  {o.under_warranty && (
                    <Badge size="xs" color="#1971c2" variant="outline" style={{ textTransform: 'none' }}>
                      {t('underWarranty')}
                    </Badge>
                  )}
                  {o.repeat_of && (
                    <Badge size="xs" color="#9a3412" variant="light" style={{ textTransform: 'none' }}>
                      {t('history.repeatOf', { number: o.repeat_of.project_number })}
                    </Badge>
                  )}
                </Group>
              </>
            ),
          },
          { header: t('history.status'), cell: (o) => <StatusBadge status={o.status} label={o.status_label} /> },
          { header: t('history.created'), cell: (o) => <Text size="sm">{dateTime(o.created_at)}</Text> },
          {
            header: t('history.completed'),
            cell: (o) => <Text size="sm">{o.completed_at ? dateTime(o.completed_at) : '–'}</Text>,
          },
          { header: t('history.timeOnSite'), cell: (o) => <Text size="sm">{hours(o.time_on_site_minutes)}</Text> },
          {
            header: t('history.cost'),
            right: true,
            cell: (o) => <Text size="sm">{o.cost_minor === 0 ? '–' : formatMinor(o.cost_minor, lng)}</Text>,
          },
        ]}
      />
      {total > PAGE && (
        <Pagination
          total={Math.ceil(total / PAGE)}
          value={page}
          onChange={setPage}
          size="sm"
          role="navigation"
          aria-label={t('common:table.pagination')}
          getItemProps={(item) => ({
            'aria-label': t('common:table.page', { page: item }),
            'aria-current': item === page ? 'page' : undefined,
          })}
          getControlProps={(control) => ({ 'aria-label': t(`common:table.${control}Page`) })}
        />
      )}
    </Stack>
  );
}
