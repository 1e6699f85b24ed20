import { Anchor, Badge, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@wop/shared/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../../components/badges.tsx';
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
      <Table.ScrollContainer minWidth={640}>
        <Table striped verticalSpacing="xs" aria-labelledby="asset-history">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.order')}</Table.Th>
              <Table.Th>{t('history.status')}</Table.Th>
              <Table.Th>{t('history.created')}</Table.Th>
              <Table.Th>{t('history.completed')}</Table.Th>
              <Table.Th>{t('history.timeOnSite')}</Table.Th>
              <Table.Th ta="right">{t('history.cost')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((o) => (
              <Table.Tr key={o.id}>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={o.status} label={o.status_label} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{dateTime(o.created_at)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{o.completed_at ? dateTime(o.completed_at) : '–'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{hours(o.time_on_site_minutes)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{o.cost_minor === 0 ? '–' : formatMinor(o.cost_minor, lng)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
