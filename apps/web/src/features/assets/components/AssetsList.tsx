import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconPlus, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ASSET_FILTERS, ASSET_STATUSES, type Asset, ATTENTION_FILTERS, WARRANTY_FILTERS } from '@wop/shared/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { useListFilter } from '../../../components/DataTable/list-params.ts';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { ScopeFilters } from '../../../components/ScopeFilters.tsx';
import { ASSETS_KEY, assetPath, getAssets } from '../../../entities/assets.ts';
import { workTypeOptionsQueryOptions } from '../../../entities/worktypes.ts';
import { useCan } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { i18n } from '../../../lib/i18n.ts';
import { openLabels, scopeStoresQueryOptions, useDeleteAsset } from '../api/assets.ts';
import { AssetStatusBadge, AttentionBadge, WarrantyBadge } from './AssetBadges.tsx';
import { AssetFormDialog } from './AssetFormDialog.tsx';

/** Filters that are not the list's own state: the label sheet prints what they match. */
const NOT_FILTERS = new Set(['page', 'limit']);

/**
 * The assets of the caller's scope: search, filters (chain, store, trade, status, warranty, attention), the
 * register and edit dialog, labels of what the filters match, the export and the import.
 */
export function AssetsList() {
  const { t } = useTranslation('assets');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { date } = useDateFormat();
  const canManage = useCan('asset:manage');
  const canImport = useCan('asset:import');
  const [dialog, setDialog] = useState<null | { id: number | null }>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const remove = useDeleteAsset();

  const [storeFilter] = useListFilter('store_id');
  const [workTypeFilter, setWorkTypeFilter] = useListFilter('worktype_id');
  const [statusFilter, setStatusFilter] = useListFilter('status');
  const [warrantyFilter, setWarrantyFilter] = useListFilter('warranty');
  const [attentionFilter, setAttentionFilter] = useListFilter('attention');
  const scope = useQuery(scopeStoresQueryOptions());
  const workTypes = useQuery(workTypeOptionsQueryOptions(i18n.language));

  const columns: DataTableColumn<Asset>[] = [
    {
      key: 'tag',
      header: t('fields.tag'),
      sortable: true,
      render: (a) => (
        <Anchor component={Link} to={assetPath(a.id)} ff="monospace" fw={600}>
          {a.tag}
        </Anchor>
      ),
    },
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      render: (a) => (
        <Group gap={6}>
          <Text size="sm">{a.name}</Text>
          <AttentionBadge asset={a} />
        </Group>
      ),
    },
    {
      key: 'store',
      header: t('fields.store'),
      sortable: true,
      sortKey: 'store_name',
      render: (a) => a.store.store_name,
    },
    { key: 'worktype', header: t('fields.worktype'), sortable: true, render: (a) => a.worktype_label },
    {
      key: 'status',
      header: t('fields.status'),
      sortable: true,
      render: (a) => <AssetStatusBadge status={a.status} />,
    },
    {
      key: 'warranty_until',
      header: t('fields.warranty_until'),
      sortable: true,
      render: (a) =>
        a.warranty_until ? (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">{date(a.warranty_until)}</Text>
            <WarrantyBadge asset={a} />
          </Group>
        ) : (
          '–'
        ),
    },
    { key: 'make', header: t('fields.make'), sortable: false, hideOnCard: true, render: (a) => a.make ?? '–' },
  ];

  const printLabels = async () => {
    const filters: Record<string, string> = {};
    for (const [key, value] of params) if (!NOT_FILTERS.has(key)) filters[key] = value;
    try {
      await openLabels(filters, i18n.language);
    } catch (error) {
      notifyError(error);
    }
  };

  const filters = (
    <>
      <ScopeFilters scope={scope.data} />
      <FilterSelect
        label={t('fields.worktype')}
        placeholder={t('filters.allTrades')}
        data={(workTypes.data ?? []).map((w) => ({ value: String(w.id), label: w.title }))}
        value={workTypeFilter}
        onChange={setWorkTypeFilter}
      />
      <FilterSelect
        label={t('fields.status')}
        placeholder={t('filters.allStatuses')}
        data={ASSET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        value={statusFilter}
        onChange={setStatusFilter}
      />
      <FilterSelect
        label={t('filters.warranty')}
        placeholder={t('filters.anyWarranty')}
        data={WARRANTY_FILTERS.map((w) => ({ value: w, label: t(`warranty.${w}`) }))}
        value={warrantyFilter}
        onChange={setWarrantyFilter}
      />
      <FilterSelect
        label={t('filters.attention')}
        placeholder={t('filters.anyAttention')}
        data={ATTENTION_FILTERS.map((a) => ({
          value: a,
          label: a === 'any' ? t('filters.attentionAny') : t(`attention.${a}`),
        }))}
        value={attentionFilter}
        onChange={setAttentionFilter}
      />
    </>
  );

  return (
    <Stack>
      <DataTable<Asset>
        label={t('title')}
        queryKey={[...ASSETS_KEY, 'list']}
        queryFn={(query, signal) => getAssets(query, signal)}
        columns={columns}
        filterParams={ASSET_FILTERS}
        filters={filters}
        emptyText={t('empty')}
        toolbar={
          <>
            <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={printLabels}>
              {t('printLabels')}
            </Button>
            <ExportButton type="AssetsExport" />
            {canImport && (
              <Button
                variant="default"
                component={Link}
                to="/assets/import"
                leftSection={<IconFileImport size={16} aria-hidden />}
              >
                {t('import')}
              </Button>
            )}
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ id: null })}>
                {t('create')}
              </Button>
            )}
          </>
        }
        rowActions={
          canManage
            ? (asset) => (
                <RowActions
                  name={`${asset.tag} ${asset.name}`}
                  onEdit={() => setDialog({ id: asset.id })}
                  onDelete={() => setDeleting(asset)}
                />
              )
            : undefined
        }
      />
      <AssetFormDialog
        opened={dialog !== null}
        assetId={dialog?.id}
        storeId={storeFilter ? Number(storeFilter) : null}
        onClose={() => setDialog(null)}
        onSaved={(asset) => {
          if (dialog?.id === null) navigate(assetPath(asset.id));
        }}
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting ? `${deleting.tag} ${deleting.name}` : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
