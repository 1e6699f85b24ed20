import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/badges.tsx';
import { CrudTable } from '../../../components/CrudTable.tsx';
import type { DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { TitleSlugFormDialog } from '../../../components/TitleSlugFormDialog.tsx';
import { ORDERSTATUS_KEY } from '../../../entities/orderstatus.ts';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import {
  getOrderStatuses,
  type OrderStatus,
  orderStatusQueryOptions,
  useDeleteOrderStatus,
  useSaveOrderStatus,
} from '../api/orderstatus.ts';

/** /order-status (super-admin): the five built-in statuses and any added ones. */
export function OrderStatusPage() {
  const { t } = useTranslation('orderstatus');
  usePageHeader(t('title'), null);
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
    <CrudTable<OrderStatus>
      label={t('title')}
      queryKey={[...ORDERSTATUS_KEY, 'list']}
      queryFn={(query, signal) => getOrderStatuses(query, signal)}
      columns={columns}
      canManage={useCan('orderstatus:manage')}
      createLabel={t('create')}
      nameOf={(row) => row.title}
      canDelete={(row) => !row.builtin}
      remove={remove.mutateAsync}
      renderDialog={(dialog) => (
        <TitleSlugFormDialog namespace="orderstatus" {...dialog} detail={orderStatusQueryOptions} save={save} />
      )}
    />
  );
}
