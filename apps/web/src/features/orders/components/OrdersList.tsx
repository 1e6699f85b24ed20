import { Anchor, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconMessages, IconPlus, IconSignature } from '@tabler/icons-react';
import { COMPLETED_STATUS, ORDER_FILTERS } from '@wop/shared/constants';
import type { Order } from '@wop/shared/orders';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ApprovalBadge, PriorityBadge, StatusBadge } from '../../../components/badges.tsx';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { getOrders, ORDER_SORT, orderListKey } from '../../../entities/orders.ts';
import { useCan, useRole } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { useOnline } from '../../../lib/offline.ts';
import { useDeleteOrder, useKeepOrdersForOffline } from '../api/orders.ts';
import { DueTime } from './DueTime.tsx';
import { OrderAsset } from './OrderAsset.tsx';
import { OrderFilters } from './OrderFilters.tsx';
import { OrderQuickButton } from './OrderQuickButton.tsx';
import { QuickFilters } from './QuickFilters.tsx';
import { RepeatBadge } from './RepeatBadge.tsx';

// The edit dialog (its date-time pickers with it) loads when a row's Edit is first clicked, not with the list.
const OrderEditDialog = lazy(() => import('./OrderEditDialog.tsx').then((m) => ({ default: m.OrderEditDialog })));

/** The list's own path without a trailing slash: /orders, or /chains/{id}/orders in a chain. */
function useBasePath() {
  const { pathname } = useLocation();
  return pathname.replace(/\/+$/, '');
}

function Unread({ count }: { count: number }) {
  const { t } = useTranslation('orders');
  if (count === 0) return null;
  return (
    <Badge
      color="red.9"
      variant="filled"
      size="sm"
      leftSection={<IconMessages size={12} aria-hidden />}
      aria-label={t('unread', { count })}
      data-testid="order-unread"
      style={{ flexShrink: 0, overflow: 'visible' }}
    >
      {count}
    </Badge>
  );
}

function OrderLink({ order, base }: { order: Order; base: string }) {
  return (
    <Anchor component={Link} to={`${base}/${order.id}`} fw={700}>
      {order.project_number}
    </Anchor>
  );
}

/** Completed, and the store has said neither "fixed" nor "not fixed": the store's move. */
export const awaitsSignOff = (o: Order) =>
  o.status === COMPLETED_STATUS && o.confirmed_at === null && o.recall_order_id === null;

/** The flag on an order that waits for the store's sign-off. */
function SignOffBadge() {
  const { t } = useTranslation('orders');
  return (
    <Badge color="#c2410c" variant="filled" tt="none" leftSection={<IconSignature size={12} aria-hidden />}>
      {t('signOff.waiting')}
    </Badge>
  );
}

/**
 * The orders list with filters, the shared table, badges, unread message counts and the edit
 * dialog. `chainId` fixes the chain (the chain dashboard's orders tab): the list shows that chain
 * only and links stay under the current path.
 */
export function OrdersList({ chainId }: { chainId?: number }) {
  const { t } = useTranslation('orders');
  const format = useDateFormat();
  const base = useBasePath();
  const canCreate = useCan('order:create');
  const canEdit = useCan('order:update');
  const canDelete = useCan('order:delete');
  const canSignOff = useCan('order:confirm');
  // Everyone but the technician, whose list is its own, sees who is sent, under the status (a column of its own
  // would push the actions out of a 1440 px screen in Swedish and Finnish).
  const isTechnician = useRole() === 'technician';
  const showTechnician = !isTechnician;
  const keepForOffline = useKeepOrdersForOffline(isTechnician);
  const online = useOnline();
  const remove = useDeleteOrder();
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Order | null>(null);

  // The columns, card and row actions are memoized: the list's rows (memoized themselves) then render again when
  // what they show changes, not whenever this list does (a dialog opening, the address that follows the home page).
  // Every column, Actions included, fits 1440 px in the longest language (Finnish): approval sits
  // under the status and unread messages beside the number, where they are seen first anyway.
  const columns = useMemo<DataTableColumn<Order>[]>(
    () => [
      {
        key: 'project_number',
        header: t('fields.project_number_short'),
        sortable: true,
        render: (o) => (
          <Group gap={6} wrap="nowrap">
            <OrderLink order={o} base={base} />
            <Unread count={o.unread_count} />
          </Group>
        ),
      },
      {
        key: 'store_name',
        header: t('fields.store'),
        sortable: true,
        render: (o) => (
          <Stack gap={0}>
            <Text size="sm">{o.store.store_name}</Text>
            {!chainId && (
              <Text size="xs" c="dimmed">
                {o.chain.chain_name}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        key: 'worktype_label',
        header: t('fields.worktype'),
        hideOnCard: false,
        // The asset sits under its trade: the list keeps its width.
        render: (o) => (
          <Stack gap={2} align="flex-start">
            <Text size="sm">{o.worktype_label}</Text>
            {o.asset && <OrderAsset asset={o.asset} size="xs" />}
            {o.repeat_of && <RepeatBadge repeatOf={o.repeat_of} base={base} />}
          </Stack>
        ),
      },
      {
        key: 'priority',
        header: t('fields.priority'),
        sortable: true,
        render: (o) => <PriorityBadge priority={o.priority} label={o.priority_label} />,
      },
      {
        key: 'status',
        header: t('fields.status'),
        sortable: true,
        render: (o) => (
          <Stack gap={4} align="flex-start">
            <StatusBadge status={o.status} label={o.status_label} />
            <ApprovalBadge status={o.approval_status} />
            {canSignOff && awaitsSignOff(o) && <SignOffBadge />}
            {showTechnician && (
              <Text size="xs" c={o.technician_name ? undefined : 'dimmed'}>
                <VisuallyHidden>{t('fields.technician')}: </VisuallyHidden>
                {o.technician_name ?? t('filters.unassigned')}
              </Text>
            )}
          </Stack>
        ),
      },
      {
        key: 'due_at',
        header: t('fields.due_at'),
        sortable: true,
        render: (o) => <DueTime dueAt={o.due_at} overdue={o.overdue} />,
      },
      {
        key: 'created_at',
        header: t('fields.created_at'),
        sortable: true,
        render: (o) => format.dateTime(o.created_at),
      },
    ],
    [t, format, base, chainId, canSignOff, showTechnician],
  );
  const rowActions = useMemo(
    () =>
      (canEdit || canDelete) && online
        ? (order: Order) => (
            <>
              <OrderQuickButton order={order} />
              <RowActions
                name={String(order.project_number)}
                onEdit={canEdit ? () => setEditing(order.id) : undefined}
                onDelete={canDelete ? () => setDeleting(order) : undefined}
              />
            </>
          )
        : undefined,
    [canEdit, canDelete, online],
  );
  const renderCard = useCallback(
    (o: Order) => (
      // Plain elements laid out by app/global.css where the kit's Stack, Group and Text were: a phone renders a
      // page of these cards, and each of the kit's layout components costs its own style work on every one.
      <div className="wop-card">
        <div className="wop-card-row wop-card-head">
          <OrderLink order={o} base={base} />
          <div className="wop-card-row">
            <Unread count={o.unread_count} />
            {canSignOff && awaitsSignOff(o) && <SignOffBadge />}
            <StatusBadge status={o.status} label={o.status_label} />
          </div>
        </div>
        <p className="wop-card-text">{o.store.store_name}</p>
        <p className="wop-card-text wop-card-dimmed">{o.worktype_label}</p>
        {o.asset && <OrderAsset asset={o.asset} size="xs" />}
        {o.repeat_of && <RepeatBadge repeatOf={o.repeat_of} base={base} />}
        <div className="wop-card-row">
          <PriorityBadge priority={o.priority} label={o.priority_label} />
          <DueTime dueAt={o.due_at} overdue={o.overdue} />
        </div>
      </div>
    ),
    [base, canSignOff],
  );

  const createButton = canCreate && (
    <Button component={Link} to={`${base}/create`} leftSection={<IconPlus size={16} aria-hidden />}>
      {t('create')}
    </Button>
  );

  return (
    <Stack gap="md">
      <QuickFilters defaultSort={ORDER_SORT} />
      <DataTable<Order>
        label={t('title')}
        queryKey={orderListKey(chainId)}
        queryFn={(query, signal) => getOrders(chainId ? { ...query, chain_id: chainId } : query, signal)}
        onPage={(page) => keepForOffline(page.data.map((order) => order.id))}
        columns={columns}
        defaultSort={ORDER_SORT}
        filterParams={ORDER_FILTERS}
        filters={<OrderFilters fixedChainId={chainId} />}
        toolbar={
          <>
            <ExportButton type="OrdersExport" filters={chainId ? { chain_id: chainId } : undefined} />
            {createButton}
          </>
        }
        emptyAction={createButton}
        // Offline the rows offer no change (it could not be sent): the offline mark above says why.
        rowActions={rowActions}
        renderCard={renderCard}
      />
      {editing !== null && (
        <Suspense fallback={null}>
          <OrderEditDialog orderId={editing} opened onClose={() => setEditing(null)} />
        </Suspense>
      )}
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting ? t('orderNumber', { number: deleting.project_number }) : undefined}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
