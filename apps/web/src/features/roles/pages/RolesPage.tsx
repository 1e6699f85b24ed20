import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../../../components/CrudTable.tsx';
import type { DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { TitleSlugFormDialog } from '../../../components/TitleSlugFormDialog.tsx';
import { getRoles, ROLES_KEY, type Role } from '../../../entities/roles.ts';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { roleQueryOptions, useDeleteRole, useSaveRole } from '../api/roles.ts';

/** /roles (super-admin): id, title, slug; the six built-in roles cannot be deleted. */
export function RolesPage() {
  const { t } = useTranslation('roles');
  usePageHeader(t('title'), null);
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
    <CrudTable<Role>
      label={t('title')}
      queryKey={[...ROLES_KEY, 'list']}
      queryFn={(query, signal) => getRoles(query, signal)}
      columns={columns}
      canManage={useCan('role:manage')}
      createLabel={t('create')}
      nameOf={(role) => role.title}
      canDelete={(role) => !role.builtin}
      remove={remove.mutateAsync}
      renderDialog={(dialog) => (
        <TitleSlugFormDialog namespace="roles" {...dialog} detail={roleQueryOptions} save={save} />
      )}
    />
  );
}
