import { Anchor, Badge } from '@mantine/core';
import type { Chain } from '@wop/shared/chains';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CrudTable } from '../../../components/CrudTable.tsx';
import type { DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { CHAINS_KEY, getChains } from '../../../entities/chains.ts';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { useDeleteChain } from '../api/chains.ts';
import { ChainFormDialog } from '../components/ChainFormDialog.tsx';

/** /chains: every chain in the caller's scope; each row links to its dashboard. */
export function ChainsPage() {
  const { t } = useTranslation('chains');
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
        <Badge variant="outline" color={chain.has_region ? 'teal.9' : 'gray.7'}>
          {chain.has_region ? t('yes') : t('no')}
        </Badge>
      ),
    },
  ];

  return (
    <CrudTable<Chain>
      label={t('title')}
      queryKey={[...CHAINS_KEY, 'list']}
      queryFn={(query, signal) => getChains(query, signal)}
      columns={columns}
      toolbar={<ExportButton type="ChainsExport" />}
      canManage={useCan('chain:manage')}
      createLabel={t('create')}
      nameOf={(chain) => chain.chain_name}
      remove={remove.mutateAsync}
      renderDialog={({ id, ...dialog }) => <ChainFormDialog {...dialog} chainId={id} />}
    />
  );
}
