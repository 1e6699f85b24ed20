import type { WorkType } from '@wop/shared/worktypes';
import { useTranslation } from 'react-i18next';
import { CrudTable } from '../../../components/CrudTable.tsx';
import type { DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { WORKTYPES_KEY } from '../../../entities/worktypes.ts';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { getWorkTypes, useDeleteWorkType } from '../api/worktypes.ts';
import { WorkTypeFormDialog } from '../components/WorkTypeFormDialog.tsx';

/** /work-types (super-admin): id and title (in the interface language), create, edit, delete. */
export function WorkTypesPage() {
  const { t, i18n } = useTranslation('worktypes');
  usePageHeader(t('title'), null);
  const remove = useDeleteWorkType();
  const columns: DataTableColumn<WorkType>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'title', header: t('fields.title'), sortable: true },
    { key: 'slug', header: t('fields.slug'), sortable: true },
  ];
  return (
    <CrudTable<WorkType>
      label={t('title')}
      queryKey={[...WORKTYPES_KEY, 'list', i18n.language]}
      queryFn={(query, signal) => getWorkTypes({ ...query, lang: i18n.language }, signal)}
      columns={columns}
      canManage={useCan('worktype:manage')}
      createLabel={t('create')}
      nameOf={(row) => row.title}
      remove={remove.mutateAsync}
      renderDialog={(dialog) => <WorkTypeFormDialog {...dialog} />}
    />
  );
}
