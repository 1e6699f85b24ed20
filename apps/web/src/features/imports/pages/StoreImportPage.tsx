import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { STORE_IMPORT_SAMPLE, type StoreImportRecord } from '@wop/shared/imports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { chainPath } from '../../../entities/chains.ts';
import { useCan } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { getStoreImports, STORE_IMPORTS_KEY } from '../api/imports.ts';
import { SampleCsvButton } from '../components/SampleCsvButton.tsx';
import { StoreImportDialog } from '../components/StoreImportDialog.tsx';

/** /stores/import: past imports (failed attempts too), the import dialog and the sample file. */
export function StoreImportPage() {
  const { t } = useTranslation('imports');
  const { dateTime } = useDateFormat();
  const canImport = useCan('store:import');
  const [opened, setOpened] = useState(false);
  usePageHeader(t('stores.title'), null);

  const columns: DataTableColumn<StoreImportRecord>[] = [
    { key: 'id', header: t('columns.id'), sortable: true, width: 70 },
    {
      key: 'chain',
      header: t('columns.chain'),
      sortable: true,
      sortKey: 'chain_name',
      render: (row) => (
        <Anchor component={Link} to={chainPath(row.chain.id)}>
          {row.chain.chain_name}
        </Anchor>
      ),
    },
    {
      key: 'user',
      header: t('columns.user'),
      sortable: true,
      sortKey: 'user_name',
      render: (row) => row.user?.name ?? '—',
    },
    { key: 'created_at', header: t('columns.created'), sortable: true, render: (row) => dateTime(row.created_at) },
    { key: 'total_imported', header: t('columns.imported'), sortable: true, align: 'right' },
    { key: 'total_failed', header: t('columns.failed'), sortable: true, align: 'right' },
  ];

  return (
    <Stack>
      <DataTable<StoreImportRecord>
        label={t('stores.title')}
        queryKey={[...STORE_IMPORTS_KEY, 'list']}
        queryFn={(query, signal) => getStoreImports(query, signal)}
        columns={columns}
        searchable={false}
        toolbar={
          <Group gap="sm">
            <SampleCsvButton content={STORE_IMPORT_SAMPLE} fileName="stores-sample.csv" />
            {canImport && (
              <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpened(true)}>
                {t('stores.import')}
              </Button>
            )}
          </Group>
        }
      />
      <StoreImportDialog opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}
