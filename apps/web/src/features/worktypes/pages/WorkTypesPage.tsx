import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { WorkType } from '@wop/shared/worktypes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { getWorkTypes, useDeleteWorkType, WORKTYPES_KEY } from '../api/worktypes.ts';
import { WorkTypeFormDialog } from '../components/WorkTypeFormDialog.tsx';

/** /work-types (super-admin): id and title (in the interface language), create, edit, delete. */
export function WorkTypesPage() {
  const { t, i18n } = useTranslation('worktypes');
  usePageHeader(t('title'), null);
  const canManage = useCan('worktype:manage');
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<WorkType | null>(null);
  const remove = useDeleteWorkType();
  const columns: DataTableColumn<WorkType>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'title', header: t('fields.title'), sortable: true },
    { key: 'slug', header: t('fields.slug'), sortable: true },
  ];
  return (
    <Stack>
      <DataTable<WorkType>
        label={t('title')}
        queryKey={[...WORKTYPES_KEY, 'list', i18n.language]}
        queryFn={(query, signal) => getWorkTypes({ ...query, lang: i18n.language }, signal)}
        columns={columns}
        toolbar={
          canManage && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ id: null })}>
              {t('create')}
            </Button>
          )
        }
        rowActions={
          canManage
            ? (row) => (
                <RowActions
                  name={row.title}
                  onEdit={() => setDialog({ id: row.id })}
                  onDelete={() => setDeleting(row)}
                />
              )
            : undefined
        }
      />
      <WorkTypeFormDialog opened={dialog !== null} id={dialog?.id ?? null} onClose={() => setDialog(null)} />
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
