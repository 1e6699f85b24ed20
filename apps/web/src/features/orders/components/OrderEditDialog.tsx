import { Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { APPROVAL_STATUSES, COMPLETED_STATUS } from '@wop/shared/constants';
import {
  editableOrderFields,
  needsPlannedAt,
  type OrderDetail,
  statusAllowedWhenRejected,
  updateOrderBody,
  usesCompletedAt,
  usesPlannedAt,
} from '@wop/shared/orders';
import { v } from '@wop/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { FormErrors } from '../../../components/FormErrors.tsx';
import { statusOptionsQueryOptions } from '../../../entities/orderstatus.ts';
import { useRole } from '../../../lib/current-user.ts';
import { fromPickerValue, toPickerValue } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, fieldMessage, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { orderOptionsQueryOptions, orderQueryOptions, prioritiesQueryOptions, useUpdateOrder } from '../api/orders.ts';
import { AssetSelect } from './AssetSelect.tsx';
import { changedOrder, OrderConflict, type Values } from './OrderConflict.tsx';
import { TimeField } from './TimeField.tsx';

/** The edit dialog of an order, from the list or the detail (spec 2, 4, 6). */
export function OrderEditDialog({
  orderId,
  opened,
  onClose,
}: {
  orderId: number | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const order = useQuery({ ...orderQueryOptions(orderId ?? 0), enabled: opened && !!orderId });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="md"
      title={order.data ? t('edit.title', { number: order.data.project_number }) : t('edit.titleShort')}
      loading={!order.data}
    >
      {/* Keyed by the order alone: a newer version arriving while the dialog is open keeps what was typed. */}
      {order.data && <OrderEditForm key={order.data.id} order={order.data} onDone={onClose} />}
    </FormDialog>
  );
}

const labels = fieldLabels(
  'orders',
  ['status', 'priority', 'approval_status', 'planned_at', 'completed_at', 'resolution'],
  { technician_id: 'orders:fields.technician', asset_id: 'orders:fields.asset' },
);

function OrderEditForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation('orders');
  const role = useRole();
  const fields = role ? editableOrderFields(role) : [];
  const may = (field: (typeof fields)[number]) => fields.includes(field);
  const statuses = useQuery(statusOptionsQueryOptions(i18n.language));
  const priorities = useQuery(prioritiesQueryOptions(i18n.language));
  // The technician list loads only for those who assign technicians (spec 6).
  const options = useQuery({
    ...orderOptionsQueryOptions({ chain_id: order.chain_id }),
    enabled: may('technician_id'),
  });
  const storeOptions = useQuery({
    ...orderOptionsQueryOptions({ store_id: order.store_id }),
    enabled: may('asset_id'),
  });
  const update = useUpdateOrder();
  const queryClient = useQueryClient();
  const [messages, setMessages] = useState<string[]>([]);
  // The version the user edits: the one opened, or the newer one a 412 showed.
  const [base, setBase] = useState(order);
  // What someone else changed, shown after a 412 until the user saves again.
  const [conflict, setConflict] = useState<{ before: OrderDetail; theirs: OrderDetail } | null>(null);
  // A status the user picked is kept when the technician changes (else it goes back to pending).
  const [statusChosen, setStatusChosen] = useState(false);
  const technicianOf = (o: OrderDetail) => (o.technician_id ? String(o.technician_id) : null);
  const assetOf = (o: OrderDetail) => (o.asset_id ? String(o.asset_id) : null);

  // Only the fields this role may set; dates only for the statuses that keep them (spec 4).
  const toBody = (v: Values) => {
    const body: Record<string, unknown> = {};
    if (may('status')) body.status = v.status;
    if (may('priority') && v.priority) body.priority = Number(v.priority);
    if (may('approval_status') && v.approval_status) body.approval_status = v.approval_status;
    if (may('technician_id') && v.technician_id !== technicianOf(base)) {
      body.technician_id = v.technician_id ? Number(v.technician_id) : null;
    }
    if (may('planned_at') && usesPlannedAt(v.status)) body.planned_at = fromPickerValue(v.planned_at);
    if (may('completed_at') && usesCompletedAt(v.status)) body.completed_at = fromPickerValue(v.completed_at);
    const resolution = v.resolution.trim() || null;
    if (may('resolution') && usesCompletedAt(v.status) && resolution !== base.resolution) body.resolution = resolution;
    if (may('asset_id') && v.asset_id !== assetOf(base)) body.asset_id = v.asset_id ? Number(v.asset_id) : null;
    return body;
  };
  const checkBody = schemaResolver(updateOrderBody, labels, toBody);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      status: order.status,
      priority: String(order.priority),
      approval_status: order.approval_status,
      technician_id: technicianOf(order),
      planned_at: toPickerValue(order.planned_at),
      completed_at: toPickerValue(order.completed_at),
      resolution: order.resolution ?? '',
      asset_id: assetOf(order),
    },
    validate: (input) => {
      const errors = checkBody(input);
      // Re-opening a completed order takes a new status; another technician alone would be refused.
      if (
        base.status === COMPLETED_STATUS &&
        input.status === COMPLETED_STATUS &&
        input.technician_id !== technicianOf(base)
      ) {
        errors.technician_id = t('edit.completedTechnician');
      }
      // The workflow's rules, as the server applies them: planned has a time; a rejected order stays pending.
      if (may('planned_at') && needsPlannedAt(input.status) && !input.planned_at) {
        errors.planned_at = fieldMessage('planned_at', v('required'), labels);
      }
      if (input.approval_status === 'rejected' && !statusAllowedWhenRejected(input.status)) {
        errors.status = t('edit.rejectedStatus');
      }
      return errors;
    },
  });
  const values = form.getValues();

  const submit = form.onSubmit(async (v) => {
    setMessages([]);
    try {
      notifySuccess(await update.mutateAsync({ id: order.id, body: toBody(v), version: base.version }));
      onDone();
    } catch (error) {
      const current = changedOrder(error);
      if (current) {
        // Someone else saved first: show what they changed, keep what was typed, edit their version.
        queryClient.setQueryData(orderQueryOptions(order.id).queryKey, current);
        setConflict({ before: base, theirs: current });
        setBase(current);
        return;
      }
      setMessages(setServerErrors(form, error, labels));
      notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormErrors messages={messages} />
        {conflict && (
          <OrderConflict
            before={conflict.before}
            theirs={conflict.theirs}
            yours={values}
            fields={fields}
            statuses={statuses.data ?? []}
            priorities={priorities.data ?? {}}
            technicians={options.data?.technicians ?? []}
            assets={storeOptions.data?.assets ?? []}
            saving={update.isPending}
          />
        )}
        {may('priority') && (
          <Select
            label={t('fields.priority')}
            withAsterisk
            data={Object.entries(priorities.data ?? {}).map(([value, label]) => ({ value, label }))}
            {...form.getInputProps('priority')}
          />
        )}
        {may('approval_status') && (
          <Select
            label={t('fields.approval_status')}
            withAsterisk
            data={APPROVAL_STATUSES.map((a) => ({ value: a, label: t(`common:approval.${a}`) }))}
            {...form.getInputProps('approval_status')}
            onChange={(value) => {
              form.setFieldValue('approval_status', value);
              // Rejecting stops the work (the server's rule): an order under way goes back to pending.
              if (value === 'rejected' && base.status !== COMPLETED_STATUS) form.setFieldValue('status', 'pending');
            }}
          />
        )}
        {may('technician_id') && (
          <Select
            label={t('fields.technician')}
            clearable
            searchable
            data={(options.data?.technicians ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            // Clicking the chosen technician again keeps it; the clear button unassigns.
            allowDeselect={false}
            {...form.getInputProps('technician_id')}
            onChange={(value) => {
              form.setFieldValue('technician_id', value);
              // A new technician starts over: the status goes back to pending (spec 4), unless the user
              // chose a status. A completed order keeps its status: re-opening it is the user's choice.
              const changed = value !== technicianOf(base);
              if (!statusChosen && base.status !== COMPLETED_STATUS) {
                form.setFieldValue('status', changed ? 'pending' : base.status);
              }
            }}
            description={t('edit.technicianHint')}
          />
        )}
        {may('status') && (
          <Select
            label={t('fields.status')}
            withAsterisk
            data={(statuses.data ?? []).map((s) => ({ value: s.slug, label: s.label }))}
            {...form.getInputProps('status')}
            onChange={(value) => {
              if (!value) return;
              form.setFieldValue('status', value);
              setStatusChosen(true);
            }}
          />
        )}
        {may('planned_at') && usesPlannedAt(values.status) && (
          <TimeField
            label={t('fields.planned_at')}
            withAsterisk={needsPlannedAt(values.status)}
            clearable
            {...form.getInputProps('planned_at')}
          />
        )}
        {may('completed_at') && usesCompletedAt(values.status) && (
          <TimeField label={t('fields.completed_at')} clearable {...form.getInputProps('completed_at')} />
        )}
        {may('resolution') && usesCompletedAt(values.status) && (
          <Textarea
            label={t('fields.resolution')}
            description={t('quick.resolutionHint')}
            rows={3}
            {...form.getInputProps('resolution')}
          />
        )}
        {may('asset_id') && <AssetSelect storeId={order.store_id} {...form.getInputProps('asset_id')} />}
        {fields.length === 0 && <Text c="dimmed">{t('edit.nothing')}</Text>}
        <FormActions onCancel={onDone} saving={update.isPending} disabled={fields.length === 0} />
      </Stack>
    </form>
  );
}
