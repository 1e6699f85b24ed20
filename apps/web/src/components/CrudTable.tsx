import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { notifySuccess } from '../lib/errors.ts';
import { ConfirmDelete } from './ConfirmDelete.tsx';
import { DataTable, type DataTableProps } from './DataTable/DataTable.tsx';
import { RowActions } from './RowActions.tsx';

/** Which dialog is open: none, create, or edit of one row. */
export type CrudDialog = null | { mode: 'create' } | { mode: 'update'; id: number };

export interface CrudTableProps<T extends { id: number }> extends Omit<DataTableProps<T>, 'toolbar' | 'rowActions'> {
  /** May the caller create, edit and delete (the server checks it again). */
  canManage: boolean;
  createLabel: string;
  /** What the row is called in the edit/delete buttons and the delete confirmation. */
  nameOf: (row: T) => string;
  /** Rows that cannot be deleted (built-in ones) get no delete button. */
  canDelete?: (row: T) => boolean;
  /** The delete call; its answer's message is shown. */
  remove: (id: number) => Promise<Parameters<typeof notifySuccess>[0]>;
  /** Buttons before the create button (export...). */
  toolbar?: ReactNode;
  /** The create/edit dialog; `id` is null for create. */
  renderDialog: (dialog: { opened: boolean; id: number | null; onClose: () => void }) => ReactNode;
  /** Dialog state driven from outside (routes such as /stores/create); internal otherwise. */
  dialog?: CrudDialog;
  onDialogChange?: (dialog: CrudDialog) => void;
}

/** A list page of one kind of record: the table, a create button, edit and delete per row, one dialog. */
export function CrudTable<T extends { id: number }>({
  canManage,
  createLabel,
  nameOf,
  canDelete = () => true,
  remove,
  toolbar,
  renderDialog,
  dialog: controlled,
  onDialogChange,
  ...table
}: CrudTableProps<T>) {
  const [own, setOwn] = useState<CrudDialog>(null);
  const dialog = controlled !== undefined ? controlled : own;
  const setDialog = onDialogChange ?? setOwn;
  const [deleting, setDeleting] = useState<T | null>(null);

  return (
    <Stack>
      <DataTable<T>
        {...table}
        toolbar={
          <>
            {toolbar}
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ mode: 'create' })}>
                {createLabel}
              </Button>
            )}
          </>
        }
        rowActions={
          canManage
            ? (row) => (
                <RowActions
                  name={nameOf(row)}
                  onEdit={() => setDialog({ mode: 'update', id: row.id })}
                  onDelete={canDelete(row) ? () => setDeleting(row) : undefined}
                />
              )
            : undefined
        }
      />
      {renderDialog({
        opened: dialog !== null,
        id: dialog?.mode === 'update' ? dialog.id : null,
        onClose: () => setDialog(null),
      })}
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting ? nameOf(deleting) : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove(deleting.id));
        }}
      />
    </Stack>
  );
}
