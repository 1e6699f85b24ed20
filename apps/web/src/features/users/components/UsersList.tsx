import { Button, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { User } from '@wop/shared/api';
import { mayManageRole } from '@wop/shared/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chainOptions } from '../../../components/ChainSelect.tsx';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { useListFilter } from '../../../components/DataTable/list-params.ts';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { regionOptionsQueryOptions } from '../../../entities/regions.ts';
import { roleOptionsQueryOptions } from '../../../entities/roles.ts';
import { storeOptionsQueryOptions } from '../../../entities/stores.ts';
import { USERS_KEY } from '../../../entities/users.ts';
import { useCan, useCurrentUser } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { getUsers, useDeleteUser } from '../api/users.ts';
import { UserFormDialog } from './UserFormDialog.tsx';

export type UserDialog = null | { mode: 'create' } | { mode: 'update'; id: number };

const entityNames = (user: User) =>
  user.entities_data.map((e) => e.chain_name ?? e.region_name ?? e.store_name ?? `#${e.id}`).join(', ');

/**
 * Users in the caller's scope with filters (role; chain -> region -> store, where changing the
 * chain clears region and store, and changing the region clears the store). In chain mode
 * (`chainId`) the chain is fixed.
 */
export function UsersList({
  chainId,
  dialog: controlled,
  onDialogChange,
}: {
  chainId?: number;
  dialog?: UserDialog;
  onDialogChange?: (dialog: UserDialog) => void;
}) {
  const { t } = useTranslation('users');
  const me = useCurrentUser();
  const canManage = useCan('user:manage');
  const [own, setOwn] = useState<UserDialog>(null);
  const dialog = controlled !== undefined ? controlled : own;
  const setDialog = onDialogChange ?? setOwn;
  const [deleting, setDeleting] = useState<User | null>(null);
  const remove = useDeleteUser();

  const [roleFilter, setRoleFilter] = useListFilter('role_id');
  const [chainFilter, setChainFilter] = useListFilter('chain_id', ['region_id', 'store_id']);
  const [regionFilter, setRegionFilter] = useListFilter('region_id', ['store_id']);
  const [storeFilter, setStoreFilter] = useListFilter('store_id');
  const roles = useQuery(roleOptionsQueryOptions());
  const chains = useQuery(chainOptionsQueryOptions());
  const activeChainId = chainId ?? (chainFilter ? Number(chainFilter) : null);
  const activeChain = chains.data?.data.find((c) => c.id === activeChainId);
  const regions = useQuery({
    ...regionOptionsQueryOptions(activeChainId ?? 0, 500),
    enabled: !!activeChainId && activeChain?.has_region === 1,
  });
  const stores = useQuery({
    ...storeOptionsQueryOptions(activeChainId ?? 0, regionFilter ? Number(regionFilter) : null),
    enabled: !!activeChainId,
  });

  // A chain-admin changes only store managers and regional directors (spec 6).
  const mayChange = (user: User) => canManage && mayManageRole(me.role, user.role) && user.id !== me.id;

  const columns: DataTableColumn<User>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'name', header: t('fields.name'), sortable: true },
    { key: 'email', header: t('fields.email'), sortable: true },
    { key: 'phone_no', header: t('fields.phone_no'), sortable: true },
    { key: 'role', header: t('fields.role'), sortable: true, render: (user) => user.role_label || user.role_title },
    {
      key: 'entities',
      header: t('fields.entities'),
      render: (user) => (
        <Text size="sm" lineClamp={2}>
          {entityNames(user) || '–'}
        </Text>
      ),
    },
  ];

  const filters = (
    <>
      <Select
        label={t('fields.role')}
        placeholder={t('filters.allRoles')}
        clearable
        w={200}
        data={(roles.data?.data ?? []).map((r) => ({
          value: String(r.id),
          label: t(`roleNames.${r.slug}`, { defaultValue: r.title }),
        }))}
        value={roleFilter || null}
        onChange={setRoleFilter}
      />
      {!chainId && (
        <FilterSelect
          label={t('fields.chain')}
          placeholder={t('filters.allChains')}
          w={220}
          data={chainOptions(chains.data?.data)}
          value={chainFilter}
          onChange={setChainFilter}
        />
      )}
      {activeChain?.has_region === 1 && (
        <FilterSelect
          label={t('fields.region')}
          placeholder={t('filters.allRegions')}
          w={200}
          data={(regions.data?.data ?? []).map((r) => ({ value: String(r.id), label: r.region_name }))}
          value={regionFilter}
          onChange={setRegionFilter}
        />
      )}
      {activeChainId && (
        <FilterSelect
          label={t('fields.store')}
          placeholder={t('filters.allStores')}
          w={220}
          data={(stores.data?.data ?? []).map((s) => ({ value: String(s.id), label: s.store_name }))}
          value={storeFilter}
          onChange={setStoreFilter}
        />
      )}
    </>
  );

  return (
    <Stack>
      <DataTable<User>
        label={t('title')}
        queryKey={[...USERS_KEY, 'list', chainId ?? 'all']}
        queryFn={(query, signal) => getUsers(chainId ? { ...query, chain_id: chainId } : query, signal)}
        columns={columns}
        filterParams={['role_id', 'chain_id', 'region_id', 'store_id']}
        filters={filters}
        toolbar={
          <>
            <ExportButton type="UsersExport" filters={chainId ? { chain_id: chainId } : undefined} />
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ mode: 'create' })}>
                {t('create')}
              </Button>
            )}
          </>
        }
        rowActions={(user) =>
          mayChange(user) ? (
            <RowActions
              name={user.name}
              onEdit={() => setDialog({ mode: 'update', id: user.id })}
              onDelete={() => setDeleting(user)}
            />
          ) : null
        }
      />
      <UserFormDialog
        opened={dialog !== null}
        userId={dialog?.mode === 'update' ? dialog.id : null}
        lockedChainId={chainId}
        onClose={() => setDialog(null)}
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.name}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
