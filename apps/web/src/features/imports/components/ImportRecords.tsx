import { Anchor, Button, Group, Stack } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import type { Page } from '@wop/shared/api';
import type { StoreImportRecord } from '@wop/shared/imports';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import type { ListQuery } from '../../../components/DataTable/list-params.ts';
import { chainPath } from '../../../entities/chains.ts';
import { useCan } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import type { useImportStores } from '../api/imports.ts';
import { ChainImportDialog } from './ChainImportDialog.tsx';
import { SampleCsvButton } from './SampleCsvButton.tsx';

/**
 * The past imports into chains (failed attempts too), the import dialog and the sample file: the
 * store import's page and the asset import's.
 */
export function ImportRecords({
  title,
  importLabel,
  queryKey,
  queryFn,
  sample,
  sampleName,
  importer,
  rules,
}: {
  title: string;
  importLabel: string;
  queryKey: readonly string[];
  queryFn: (query: ListQuery, signal: AbortSignal) => Promise<Page<StoreImportRecord>>;
  sample: string;
  sampleName: string;
  importer: ReturnType<typeof useImportStores>;
  rules?: ReactNode;
}) {
  const { t } = useTranslation('imports');
  const { dateTime } = useDateFormat();
  const canSeeChains = useCan('chain:view');
  const [opened, setOpened] = useState(false);

  const columns: DataTableColumn<StoreImportRecord>[] = [
    { key: 'id', header: t('columns.id'), sortable: true, width: 70 },
    {
      key: 'chain',
      header: t('columns.chain'),
      sortable: true,
      sortKey: 'chain_name',
      render: (row) =>
        canSeeChains ? (
          <Anchor component={Link} to={chainPath(row.chain.id)}>
            {row.chain.chain_name}
          </Anchor>
        ) : (
          row.chain.chain_name
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
        label={title}
        queryKey={[...queryKey, 'list']}
        queryFn={queryFn}
        columns={columns}
        searchable={false}
        toolbar={
          <Group gap="sm">
            <SampleCsvButton content={sample} fileName={sampleName} />
            <Button leftSection={<IconFileImport size={16} aria-hidden />} onClick={() => setOpened(true)}>
              {importLabel}
            </Button>
          </Group>
        }
      />
      <ChainImportDialog
        opened={opened}
        onClose={() => setOpened(false)}
        title={importLabel}
        submit={t('stores.submit')}
        importer={importer}
      >
        {rules}
      </ChainImportDialog>
    </Stack>
  );
}
