import { Select, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_STATUSES } from '@wop/shared/constants';
import {
  editableOrderFields,
  type OrderDetail,
  updateOrderBody,
  usesCompletedAt,
  usesPlannedAt,
} from '@wop/shared/orders';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { FormErrors } from '../../../components/FormErrors.tsx';
import { useRole } from '../../../lib/current-user.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { orderOptionsQueryOptions, orderQueryOptions, prioritiesQueryOptions, useUpdateOrder } from '../api/orders.ts';
import { statusOptionsQueryOptions } from '../api/reference.ts';

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
      {order.data && (
        <OrderEditForm key={`${order.data.id}:${order.data.updated_at}`} order={order.data} onDone={onClose} />
      )}
    </FormDialog>
  );
}

const toPicker = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : null);
const toIso = (value: string | null) => (value ? dayjs(value).toISOString() : null);

const labels = fieldLabels('orders', ['status', 'priority', 'approval_status', 'planned_at', 'completed_at'], {
  technician_id: 'orders:fields.technician',
});

interface Values {
  status: string;
  priority: string | null;
  approval_status: string | null;
  technician_id: string | null;
  planned_at: string | null;
  completed_at: string | null;
}

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
  const update = useUpdateOrder();
  const [messages, setMessages] = useState<string[]>([]);

  // Only the fields this role may set; dates only for the statuses that keep them (spec 4).
  const toBody = (v: Values) => {
    const body: Record<string, unknown> = {};
    if (may('status')) body.status = v.status;
    if (may('priority') && v.priority) body.priority = Number(v.priority);
    if (may('approval_status') && v.approval_status) body.approval_status = v.approval_status;
    if (may('technician_id') && v.technician_id) body.technician_id = Number(v.technician_id);
    if (may('planned_at') && usesPlannedAt(v.status)) body.planned_at = toIso(v.planned_at);
    if (may('completed_at') && usesCompletedAt(v.status)) body.completed_at = toIso(v.completed_at);
    return body;
  };
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      status: order.status,
      priority: String(order.priority),
      approval_status: order.approval_status,
      technician_id: order.technician_id ? String(order.technician_id) : null,
      planned_at: toPicker(order.planned_at),
      completed_at: toPicker(order.completed_at),
    },
    validate: schemaResolver(updateOrderBody, labels, toBody),
  });
  const values = form.getValues();

  const submit = form.onSubmit(async (v) => {
    setMessages([]);
    try {
      notifySuccess(await update.mutateAsync({ id: order.id, body: toBody(v) }));
      onDone();
    } catch (error) {
      setMessages(setServerErrors(form, error, labels));
      notifyError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormErrors messages={messages} />
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
          />
        )}
        {may('technician_id') && (
          <Select
            label={t('fields.technician')}
            clearable
            searchable
            data={(options.data?.technicians ?? []).map((u) => ({ value: String(u.id), label: u.name }))}
            {...form.getInputProps('technician_id')}
            onChange={(value) => {
              form.setFieldValue('technician_id', value);
              // A new technician starts over: the status goes back to pending (spec 4).
              if (value !== (order.technician_id ? String(order.technician_id) : null)) {
                form.setFieldValue('status', 'pending');
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
          />
        )}
        {may('planned_at') && usesPlannedAt(values.status) && (
          <DateTimePicker
            label={t('fields.planned_at')}
            clearable
            clearButtonProps={{ 'aria-label': t('edit.clearDate', { field: t('fields.planned_at') }) }}
            valueFormat="D MMM YYYY HH:mm"
            {...form.getInputProps('planned_at')}
          />
        )}
        {may('completed_at') && usesCompletedAt(values.status) && (
          <DateTimePicker
            label={t('fields.completed_at')}
            clearable
            clearButtonProps={{ 'aria-label': t('edit.clearDate', { field: t('fields.completed_at') }) }}
            valueFormat="D MMM YYYY HH:mm"
            {...form.getInputProps('completed_at')}
          />
        )}
        {fields.length === 0 && <Text c="dimmed">{t('edit.nothing')}</Text>}
        <FormActions onCancel={onDone} saving={update.isPending} disabled={fields.length === 0} />
      </Stack>
    </form>
  );
}
