import { Badge, Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/badges.tsx';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { TitleSlugFormDialog } from '../../../components/TitleSlugFormDialog.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import {
  getOrderStatuses,
  ORDERSTATUS_KEY,
  type OrderStatus,
  orderStatusQueryOptions,
  useDeleteOrderStatus,
  useSaveOrderStatus,
} from '../api/orderstatus.ts';

/** /order-status (super-admin): the five built-in statuses and any added ones. */
export function OrderStatusPage() {
  const { t } = useTranslation('orderstatus');
  usePageHeader(t('title'), null);
  const canManage = useCan('orderstatus:manage');
  const [dialog, setDialog] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<OrderStatus | null>(null);
  const remove = useDeleteOrderStatus();
  const save = useSaveOrderStatus();
  const columns: DataTableColumn<OrderStatus>[] = [
    { key: 'id', header: t('fields.id'), sortable: true, width: 70 },
    { key: 'title', header: t('fields.title'), sortable: true },
    {
      key: 'slug',
      header: t('fields.slug'),
      sortable: true,
      render: (s) => (
        <>
          <StatusBadge status={s.slug} label={s.label} /> <code>{s.slug}</code>{' '}
          {s.builtin && (
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
      <DataTable<OrderStatus>
        label={t('title')}
        queryKey={[...ORDERSTATUS_KEY, 'list']}
        queryFn={(query, signal) => getOrderStatuses(query, signal)}
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
                  onDelete={row.builtin ? undefined : () => setDeleting(row)}
                />
              )
            : undefined
        }
      />
      <TitleSlugFormDialog
        namespace="orderstatus"
        opened={dialog !== null}
        id={dialog?.id ?? null}
        onClose={() => setDialog(null)}
        detail={orderStatusQueryOptions}
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
