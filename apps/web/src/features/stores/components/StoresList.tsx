import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Store } from '@wop/shared/stores';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainOptions } from '../../../components/ChainSelect.tsx';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { useListFilter } from '../../../components/DataTable/list-params.ts';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { MapLink } from '../../../components/MapLink.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { regionOptionsQueryOptions } from '../../../entities/regions.ts';
import { getStores, STORES_KEY } from '../../../entities/stores.ts';
import { useCan, useCurrentUser } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { useDeleteStore } from '../api/stores.ts';
import { StoreFormDialog } from './StoreFormDialog.tsx';

export type StoreDialog = null | { mode: 'create' } | { mode: 'update'; id: number };

/**
 * Stores in the caller's scope (the server filters), or of one chain in chain mode
 * (`chainId`). Filters chain -> region; changing the chain clears the region.
 */
export function StoresList({
  chainId,
  dialog: controlled,
  onDialogChange,
}: {
  chainId?: number;
  dialog?: StoreDialog;
  onDialogChange?: (dialog: StoreDialog) => void;
}) {
  const { t } = useTranslation('stores');
  const user = useCurrentUser();
  const canManage = useCan('store:manage');
  const canListChains = useCan('chain:list');
  const [own, setOwn] = useState<StoreDialog>(null);
  const dialog = controlled !== undefined ? controlled : own;
  const setDialog = onDialogChange ?? setOwn;
  const [deleting, setDeleting] = useState<Store | null>(null);
  const remove = useDeleteStore();

  const [chainFilter, setChainFilter] = useListFilter('chain_id', ['region_id']);
  const [regionFilter, setRegionFilter] = useListFilter('region_id');
  const chains = useQuery({ ...chainOptionsQueryOptions(), enabled: canListChains && !chainId });
  const activeChain = chainId ?? (chainFilter ? Number(chainFilter) : null);
  const regions = useQuery({ ...regionOptionsQueryOptions(activeChain ?? 0, 500), enabled: !!activeChain });
  // A regional director has no chain list: its own regions are its region filter.
  const ownRegions =
    user.entity_type === 'region'
      ? user.entities_data.map((r) => ({ value: String(r.id), label: r.region_name ?? '' }))
      : [];
  const regionOptions = activeChain
    ? (regions.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.region_name }))
    : ownRegions;

  const columns: DataTableColumn<Store>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'store_name', header: t('fields.store_name'), sortable: true },
    ...(chainId
      ? []
      : [
          {
            key: 'chain',
            header: t('fields.chain'),
            sortable: true,
            sortKey: 'chain_name',
            render: (s: Store) => s.chain.chain_name,
          },
        ]),
    {
      key: 'region',
      header: t('fields.region'),
      sortable: true,
      sortKey: 'region_name',
      render: (s) => s.region?.region_name ?? '–',
    },
    { key: 'city', header: t('fields.city'), sortable: true, render: (s) => s.city ?? '–' },
    {
      key: 'position',
      header: t('fields.position'),
      hideOnCard: true,
      render: (s) => (
        <MapLink lat={s.lat} lng={s.lng} fallback="–" label={t('fields.showOnMapOf', { store: s.store_name })}>
          {t('fields.showOnMap')}
        </MapLink>
      ),
    },
    { key: 'contact_person', header: t('fields.contact_person'), sortable: true },
    { key: 'phone', header: t('fields.phone'), sortable: true },
    { key: 'email', header: t('fields.email'), sortable: true, hideOnCard: true },
  ];

  const filters = (
    <>
      {!chainId && canListChains && (
        <FilterSelect
          label={t('fields.chain')}
          placeholder={t('filters.allChains')}
          data={chainOptions(chains.data?.data)}
          value={chainFilter}
          onChange={setChainFilter}
        />
      )}
      {regionOptions.length > 0 && (
        <FilterSelect
          label={t('fields.region')}
          placeholder={t('filters.allRegions')}
          data={regionOptions}
          value={regionFilter}
          onChange={setRegionFilter}
        />
      )}
    </>
  );

  return (
    <Stack>
      <DataTable<Store>
        label={t('title')}
        queryKey={[...STORES_KEY, 'list', chainId ?? 'all']}
        queryFn={(query, signal) => getStores(chainId ? { ...query, chain_id: chainId } : query, signal)}
        columns={columns}
        filterParams={['chain_id', 'region_id']}
        filters={filters}
        toolbar={
          <>
            <ExportButton type="StoresExport" filters={chainId ? { chain_id: chainId } : undefined} />
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ mode: 'create' })}>
                {t('create')}
              </Button>
            )}
          </>
        }
        rowActions={
          canManage
            ? (store) => (
                <RowActions
                  name={store.store_name}
                  onEdit={() => setDialog({ mode: 'update', id: store.id })}
                  onDelete={() => setDeleting(store)}
                />
              )
            : undefined
        }
      />
      <StoreFormDialog
        opened={dialog !== null}
        storeId={dialog?.mode === 'update' ? dialog.id : null}
        lockedChainId={chainId}
        onClose={() => setDialog(null)}
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.store_name}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
