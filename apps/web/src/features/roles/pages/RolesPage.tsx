import { Badge, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { TitleSlugFormDialog } from '../../../components/TitleSlugFormDialog.tsx';
import { getRoles, ROLES_KEY, type Role } from '../../../entities/roles.ts';
import { useCan } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { roleQueryOptions, useDeleteRole, useSaveRole } from '../api/roles.ts';

type Dialog = null | { mode: 'create' } | { mode: 'update'; id: number };

/** /roles (super-admin): id, title, slug; the six built-in roles cannot be deleted. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  usePageHeader(t('title'), null);
  const canManage = useCan('role:manage');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const remove = useDeleteRole();
  const save = useSaveRole();

  const columns: DataTableColumn<Role>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'title', header: t('fields.title'), sortable: true },
    {
      key: 'slug',
      header: t('fields.slug'),
      sortable: true,
      render: (role) => (
        <>
          {role.slug}{' '}
          {role.builtin && (
            <Badge size="xs" variant="light" color="gray">
              {t('builtin')}
            </Badge>
          )}
        </>
      ),
    },
  ];

  return (
    <Stack>
      <DataTable<Role>
        label={t('title')}
        queryKey={[...ROLES_KEY, 'list']}
        queryFn={(query, signal) => getRoles(query, signal)}
        columns={columns}
        toolbar={
          canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ mode: 'create' })}>
              {t('create')}
            </Button>
          )
        }
        rowActions={
          canManage
            ? (role) => (
                <RowActions
                  name={role.title}
                  onEdit={() => setDialog({ mode: 'update', id: role.id })}
                  onDelete={role.builtin ? undefined : () => setDeleting(role)}
                />
              )
            : undefined
        }
      />
      <TitleSlugFormDialog
        namespace="roles"
        opened={dialog !== null}
        id={dialog?.mode === 'update' ? dialog.id : null}
        onClose={() => setDialog(null)}
        detail={roleQueryOptions}
        save={save}
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.title}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
