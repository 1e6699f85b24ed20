import { Anchor, Badge, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Chain } from '@wop/shared/chains';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { CHAINS_KEY, getChains } from '../../../entities/chains.ts';
import { useCan } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { useDeleteChain } from '../api/chains.ts';
import { ChainFormDialog } from '../components/ChainFormDialog.tsx';

type Dialog = null | { mode: 'create' } | { mode: 'update'; id: number };

/** /chains: every chain in the caller's scope; each row links to its dashboard. */
export function ChainsPage() {
  const { t } = useTranslation('chains');
  const canManage = useCan('chain:manage');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Chain | null>(null);
  const remove = useDeleteChain();
  usePageHeader(t('title'), null);

  const columns: DataTableColumn<Chain>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    {
      key: 'chain_name',
      header: t('fields.chain_name'),
      sortable: true,
      render: (chain) => (
        <Anchor component={Link} to={`/chains/${chain.id}`} fw={600}>
          {chain.chain_name}
        </Anchor>
      ),
    },
    { key: 'contact_person', header: t('fields.contact_person'), sortable: true },
    { key: 'phone', header: t('fields.phone'), sortable: true },
    { key: 'email', header: t('fields.email'), sortable: true },
    {
      key: 'has_region',
      header: t('fields.has_region'),
      sortable: true,
      render: (chain) => (
        <Badge variant="light" color={chain.has_region ? 'teal' : 'gray'}>
          {chain.has_region ? t('yes') : t('no')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <DataTable<Chain>
        label={t('title')}
        queryKey={[...CHAINS_KEY, 'list']}
        queryFn={(query, signal) => getChains(query, signal)}
        columns={columns}
        toolbar={
          <>
            <ExportButton type="ChainsExport" />
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ mode: 'create' })}>
                {t('create')}
              </Button>
            )}
          </>
        }
        rowActions={
          canManage
            ? (chain) => (
                <RowActions
                  name={chain.chain_name}
                  onEdit={() => setDialog({ mode: 'update', id: chain.id })}
                  onDelete={() => setDeleting(chain)}
                />
              )
            : undefined
        }
      />
      <ChainFormDialog
        opened={dialog !== null}
        chainId={dialog?.mode === 'update' ? dialog.id : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.chain_name}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
