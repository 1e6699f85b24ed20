import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconList, IconPlus, IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Asset } from '@wop/shared/assets';
import { hasRoute } from '@wop/shared/roles';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { useCan, useRole } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { i18n } from '../../../lib/i18n.ts';
import { formatMinor } from '../../../lib/money.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { assetQueryOptions, openLabels, useDeleteAsset } from '../api/assets.ts';
import { AssetStatusBadge, AttentionBadge, WarrantyBadge } from '../components/AssetBadges.tsx';
import { AssetFormDialog } from '../components/AssetFormDialog.tsx';
import { AssetHistory } from '../components/AssetHistory.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <div style={{ fontSize: 'var(--mantine-font-size-sm)', overflowWrap: 'anywhere' }}>{children ?? '–'}</div>
    </Stack>
  );
}

/** /assets/{id}: the asset's facts and warranty, its label, and what may be done with it. */
export function AssetPage() {
  const id = Number(useParams().assetId);
  return <AssetScreen key={id} id={id} />;
}

function AssetScreen({ id }: { id: number }) {
  const { t } = useTranslation('assets');
  const asset = useQuery({ ...assetQueryOptions(id), meta: { silent: true } });
  const role = useRole();
  const navigate = useNavigate();
  const { date, dateTime, lng } = useDateFormat();
  const canManage = useCan('asset:manage');
  const canOrder = useCan('order:create');
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteAsset();
  const listed = hasRoute(role, 'assets');
  usePageHeader(asset.data ? `${asset.data.tag} · ${asset.data.name}` : t('detailTitle'), null);

  if (asset.isPending) return <Skeleton h={320} radius="md" />;
  if (asset.isError || !asset.data) {
    return (
      <Alert color="red" title={t('notFound')}>
        {listed && (
          <Button component={Link} to="/assets" variant="white" color="red" size="xs">
            {t('backToList')}
          </Button>
        )}
      </Alert>
    );
  }
  const a: Asset = asset.data;
  const print = async () => {
    try {
      await openLabels({ ids: a.id }, i18n.language);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md" maw={1100}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Text ff="monospace" fw={700} size="lg">
                {a.tag}
              </Text>
              <Title order={2} size="h3">
                {a.name}
              </Title>
              <Group gap={6}>
                <AssetStatusBadge status={a.status} />
                <WarrantyBadge asset={a} />
                <AttentionBadge asset={a} />
              </Group>
            </Stack>
            <Group gap="xs" wrap="wrap">
              {canOrder && a.status !== 'retired' && (
                <Button
                  component={Link}
                  to={`/orders/create?chain_id=${a.chain_id}&store_id=${a.store_id}&asset_id=${a.id}`}
                  leftSection={<IconPlus size={16} aria-hidden />}
                >
                  {t('newOrder')}
                </Button>
              )}
              <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={print}>
                {t('printLabel')}
              </Button>
              {canManage && (
                <Button
                  variant="light"
                  leftSection={<IconEdit size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  {t('common:actions.edit')}
                </Button>
              )}
              {canManage && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(true)}
                >
                  {t('common:actions.delete')}
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
            <Fact label={t('fields.store')}>{a.store.store_name}</Fact>
            <Fact label={t('fields.chain')}>
              {a.chain.chain_name}
              {a.region ? ` · ${a.region.region_name}` : ''}
            </Fact>
            <Fact label={t('fields.worktype')}>{a.worktype_label}</Fact>
            <Fact label={t('fields.make')}>{a.make}</Fact>
            <Fact label={t('fields.model')}>{a.model}</Fact>
            <Fact label={t('fields.serial')}>{a.serial}</Fact>
            <Fact label={t('fields.installed_on')}>{a.installed_on && date(a.installed_on)}</Fact>
            <Fact label={t('fields.warranty_until')}>
              {a.warranty_until
                ? `${date(a.warranty_until)} · ${a.under_warranty ? t('warrantyRuns') : t('warrantyEnded')}`
                : t('noWarranty')}
            </Fact>
            <Fact label={t('fields.replacement_value')}>
              {a.replacement_value_minor === null ? null : formatMinor(a.replacement_value_minor, lng)}
            </Fact>
          </SimpleGrid>
          {a.attention && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t(`attentionWhy.${a.attention}`, { count: a.orders_90d })}
            </Alert>
          )}
          {a.notes && (
            <Fact label={t('fields.notes')}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {a.notes}
              </Text>
            </Fact>
          )}
          <Text size="xs" c="dimmed">
            {t('changedAt', { at: dateTime(a.updated_at) })}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={3} size="h5" id="asset-history">
            {t('history.title')}
          </Title>
          <Button
            component={Link}
            to={`/orders?store_id=${a.store_id}&asset_id=${a.id}`}
            variant="subtle"
            size="xs"
            leftSection={<IconList size={14} aria-hidden />}
          >
            {t('history.inList')}
          </Button>
        </Group>
        <AssetHistory asset={a} />
      </Paper>
      <AssetFormDialog opened={editing} assetId={a.id} onClose={() => setEditing(false)} />
      <ConfirmDelete
        opened={deleting}
        name={`${a.tag} ${a.name}`}
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          notifySuccess(await remove.mutateAsync(a.id));
          navigate(listed ? '/assets' : '/orders', { replace: true });
        }}
      />
    </Stack>
  );
}
