import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Region } from '@wop/shared/regions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { getRegions, REGIONS_KEY } from '../../../entities/regions.ts';
import { useCan } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { useDeleteRegion } from '../api/regions.ts';
import { RegionFormDialog } from './RegionFormDialog.tsx';

export type RegionDialog = null | { mode: 'create' } | { mode: 'update'; id: number };

/**
 * The regions of one chain with create/edit dialog and delete. The dialog state may be
 * driven from outside (the chain dashboard's /regions/create and /regions/{id}/update routes).
 */
export function RegionsList({
  chainId,
  chainName,
  dialog: controlled,
  onDialogChange,
}: {
  chainId: number;
  chainName?: string;
  dialog?: RegionDialog;
  onDialogChange?: (dialog: RegionDialog) => void;
}) {
  const { t } = useTranslation('regions');
  const canManage = useCan('region:manage');
  const [own, setOwn] = useState<RegionDialog>(null);
  const dialog = controlled !== undefined ? controlled : own;
  const setDialog = onDialogChange ?? setOwn;
  const [deleting, setDeleting] = useState<Region | null>(null);
  const remove = useDeleteRegion(chainId);

  const columns: DataTableColumn<Region>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'region_name', header: t('fields.region_name'), sortable: true },
    { key: 'contact_person', header: t('fields.contact_person'), sortable: true },
    { key: 'phone', header: t('fields.phone'), sortable: true },
    { key: 'email', header: t('fields.email'), sortable: true },
    { key: 'stores_count', header: t('fields.stores_count'), align: 'right' },
  ];

  return (
    <Stack>
      <DataTable<Region>
        label={t('title')}
        queryKey={[...REGIONS_KEY, chainId, 'list']}
        queryFn={(query, signal) => getRegions(chainId, query, signal)}
        columns={columns}
        toolbar={
          <>
            <ExportButton type="RegionsExport" filters={{ chain_id: chainId }} />
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ mode: 'create' })}>
                {t('create')}
              </Button>
            )}
          </>
        }
        rowActions={
          canManage
            ? (region) => (
                <RowActions
                  name={region.region_name}
                  onEdit={() => setDialog({ mode: 'update', id: region.id })}
                  onDelete={() => setDeleting(region)}
                />
              )
            : undefined
        }
      />
      <RegionFormDialog
        opened={dialog !== null}
        chainId={chainId}
        chainName={chainName}
        regionId={dialog?.mode === 'update' ? dialog.id : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.region_name}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
