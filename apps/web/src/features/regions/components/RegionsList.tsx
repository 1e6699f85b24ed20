import type { Region } from '@wop/shared/regions';
import { useTranslation } from 'react-i18next';
import { type CrudDialog, CrudTable } from '../../../components/CrudTable.tsx';
import type { DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { getRegions, REGIONS_KEY } from '../../../entities/regions.ts';
import { useCan } from '../../../lib/current-user.ts';
import { useDeleteRegion } from '../api/regions.ts';
import { RegionFormDialog } from './RegionFormDialog.tsx';

export type RegionDialog = CrudDialog;

/**
 * The regions of one chain with create/edit dialog and delete. The dialog state may be
 * driven from outside (the chain dashboard's /regions/create and /regions/{id}/update routes).
 */
export function RegionsList({
  chainId,
  chainName,
  dialog,
  onDialogChange,
}: {
  chainId: number;
  chainName?: string;
  dialog?: RegionDialog;
  onDialogChange?: (dialog: RegionDialog) => void;
}) {
  const { t } = useTranslation('regions');
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
    <CrudTable<Region>
      label={t('title')}
      queryKey={[...REGIONS_KEY, chainId, 'list']}
      queryFn={(query, signal) => getRegions(chainId, query, signal)}
      columns={columns}
      toolbar={<ExportButton type="RegionsExport" filters={{ chain_id: chainId }} />}
      canManage={useCan('region:manage')}
      createLabel={t('create')}
      nameOf={(region) => region.region_name}
      remove={remove.mutateAsync}
      dialog={dialog}
      onDialogChange={onDialogChange}
      renderDialog={({ id, ...dialog }) => (
        <RegionFormDialog {...dialog} chainId={chainId} chainName={chainName} regionId={id} />
      )}
    />
  );
}
