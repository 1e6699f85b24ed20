import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconBolt, IconCheck, IconChevronDown, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COMPLETED_STATUS } from '@wop/shared/constants';
import {
  needsPlannedAt,
  ORDER_RESOLUTION_MAX,
  type Order,
  statusAllowedWhenRejected,
  usesPlannedAt,
} from '@wop/shared/orders';
import { v } from '@wop/shared/validation';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDERS_KEY } from '../../../entities/orders.ts';
import { statusOptionsQueryOptions } from '../../../entities/orderstatus.ts';
import { fromPickerValue, toPickerValue } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, fieldMessage } from '../../../lib/forms.ts';
import { orderOptionsQueryOptions, useUpdateOrder } from '../api/orders.ts';
import { useQuickRights } from './quick-rights.ts';
import { TimeField } from './TimeField.tsx';

interface Change {
  body: {
    approval_status?: 'approved' | 'rejected';
    status?: string;
    technician_id?: number | null;
    planned_at?: string | null;
    resolution?: string | null;
  };
  /** What the success toast says was done. */
  done: string;
  /** Asked first when the change completes, plans, re-opens or rejects the order. */
  confirm?: { title: string; text: string; action: string };
  /** What the dialog asks with it: the planned time (required for planned), or what was done. */
  ask?: 'planned_at' | 'resolution';
  /** The planned time is required. */
  required?: boolean;
}

/**
 * One-click changes where users act most: approve or reject an order awaiting approval (approvers),
 * and set its status (those who may). Planning asks for the time, completing offers a note of what
 * was done; completing, re-opening and rejecting ask first. Each change is made against the version
 * shown: if someone changed the order meanwhile, the server refuses (412), the user is told, and the
 * fresh order shows. A rejected order takes no new status (the server's rule): the menu says why.
 * `confirmation` is the dialog to render.
 */
function useQuickChanges(order: Order, opened = false) {
  const { t, i18n } = useTranslation('orders');
  const { canApprove, canReject, canSetStatus, canAssign } = useQuickRights(order);
  const statuses = useQuery({ ...statusOptionsQueryOptions(i18n.language), enabled: canSetStatus });
  // The technicians load when a menu first opens, not for every row of the list.
  const [wantTechnicians, setWantTechnicians] = useState(opened);
  const options = useQuery({
    ...orderOptionsQueryOptions({ chain_id: order.chain_id }),
    enabled: canAssign && wantTechnicians,
  });
  const update = useUpdateOrder();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<Change | null>(null);
  const number = order.project_number;

  const apply = (change: Change) =>
    update.mutateAsync({ id: order.id, body: change.body, version: order.version }).then(
      () => {
        notifySuccess(change.done);
        return true;
      },
      (error: unknown) => {
        notifyError(error);
        void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
        return false;
      },
    );
  const start = (change: Change) => (change.confirm ? setAsking(change) : void apply(change));

  const approve = () => start({ body: { approval_status: 'approved' }, done: t('quick.approved', { number }) });
  const reject = () =>
    start({
      body: { approval_status: 'rejected' },
      done: t('quick.rejected', { number }),
      confirm: { title: t('quick.rejectTitle', { number }), text: t('quick.rejectText'), action: t('quick.reject') },
    });
  const setStatus = (slug: string, label: string) => {
    const done = t('quick.statusSet', { number, status: label });
    if (slug === COMPLETED_STATUS) {
      const confirm = { title: t('quick.completeTitle', { number }), text: t('quick.completeText'), action: label };
      return start({ body: { status: slug }, done, confirm, ask: 'resolution' });
    }
    if (usesPlannedAt(slug)) {
      const confirm = { title: t('quick.planTitle', { number, status: label }), text: '', action: label };
      return start({ body: { status: slug }, done, confirm, ask: 'planned_at', required: needsPlannedAt(slug) });
    }
    if (order.status === COMPLETED_STATUS) {
      const confirm = {
        title: t('quick.reopenTitle', { number }),
        text: t('quick.reopenText', { status: label }),
        action: label,
      };
      return start({ body: { status: slug }, done, confirm });
    }
    return start({ body: { status: slug }, done });
  };
  const otherStatuses = (statuses.data ?? []).filter(
    (status) =>
      status.slug !== order.status && (order.approval_status !== 'rejected' || statusAllowedWhenRejected(status.slug)),
  );
  // A new technician starts the order over at pending (the server's rule).
  const assign = (technician: { id: number; name: string } | null) =>
    start({
      body: { technician_id: technician?.id ?? null },
      done: technician ? t('quick.assigned', { number, name: technician.name }) : t('quick.unassigned', { number }),
    });
  const technicians = (options.data?.technicians ?? []).filter((tech) => tech.id !== order.technician_id);
  const loadTechnicians = () => setWantTechnicians(true);

  const confirmation = (
    <Modal
      opened={asking !== null}
      onClose={() => setAsking(null)}
      title={asking?.confirm?.title}
      size="sm"
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {asking && (
        <AskForm
          key={`${asking.body.status}-${asking.ask}`}
          change={asking}
          order={order}
          saving={update.isPending}
          onCancel={() => setAsking(null)}
          onConfirm={(body) => {
            void apply({ ...asking, body: { ...asking.body, ...body } }).then((ok) => ok && setAsking(null));
          }}
        />
      )}
    </Modal>
  );
  return {
    canApprove,
    canReject,
    canSetStatus,
    canAssign,
    otherStatuses,
    rejected: order.approval_status === 'rejected',
    technicians,
    techniciansLoading: options.isFetching,
    approve,
    reject,
    setStatus,
    assign,
    loadTechnicians,
    update,
    confirmation,
  };
}

/** The confirmation's text, and the planned time or the note of what was done that it asks for. */
function AskForm({
  change,
  order,
  saving,
  onCancel,
  onConfirm,
}: {
  change: Change;
  order: Order;
  saving: boolean;
  onCancel: () => void;
  onConfirm: (body: Change['body']) => void;
}) {
  const { t } = useTranslation('orders');
  const [when, setWhen] = useState<string | null>(toPickerValue(order.planned_at));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const plannedLabel = t('fields.planned_at');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.ask === 'planned_at') {
      if (change.required && !when) {
        setError(fieldMessage('planned_at', v('required'), ASK_LABELS));
        return;
      }
      onConfirm({ planned_at: fromPickerValue(when) });
      return;
    }
    if (change.ask === 'resolution') {
      const text = note.trim();
      if (text.length > ORDER_RESOLUTION_MAX) {
        setError(fieldMessage('resolution', v('max_length', ORDER_RESOLUTION_MAX), ASK_LABELS));
        return;
      }
      onConfirm(text ? { resolution: text } : {});
      return;
    }
    onConfirm({});
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {change.confirm?.text && <Text size="sm">{change.confirm.text}</Text>}
        {change.ask === 'planned_at' && (
          <TimeField
            label={plannedLabel}
            withAsterisk={change.required}
            clearable={!change.required}
            value={when}
            onChange={(value) => {
              setWhen(value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
        )}
        {change.ask === 'resolution' && (
          <Textarea
            label={t('fields.resolution')}
            description={t('quick.resolutionHint')}
            rows={3}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus={change.ask ? undefined : true}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {change.confirm?.action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const ASK_LABELS = fieldLabels('orders', ['planned_at', 'resolution']);

/** The order page's header: Approve and Reject buttons, and a Status menu; `disabled` offline. */
export function OrderQuickActions({ order, disabled = false }: { order: Order; disabled?: boolean }) {
  const { t } = useTranslation('orders');
  const quick = useQuickChanges(order);
  const number = order.project_number;
  const pending = quick.update.isPending ? quick.update.variables?.body : undefined;
  if (!quick.canApprove && !quick.canSetStatus && !quick.canAssign) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {quick.canApprove && (
        <>
          <Button
            color="green.8"
            leftSection={<IconCheck size={14} aria-hidden />}
            loading={pending?.approval_status === 'approved'}
            onClick={quick.approve}
            disabled={disabled}
            aria-label={t('quick.approveOrder', { number })}
          >
            {t('quick.approve')}
          </Button>
          {quick.canReject && (
            <Button
              variant="outline"
              color="red.8"
              leftSection={<IconX size={14} aria-hidden />}
              onClick={quick.reject}
              disabled={disabled}
              aria-label={t('quick.rejectOrder', { number })}
            >
              {t('quick.reject')}
            </Button>
          )}
        </>
      )}
      {quick.canSetStatus && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button
              variant="light"
              rightSection={<IconChevronDown size={14} aria-hidden />}
              loading={pending?.status !== undefined}
              disabled={disabled}
              aria-label={t('quick.statusOf', { number })}
            >
              {t('quick.status')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {quick.rejected && quick.otherStatuses.length === 0 && (
              <Menu.Label maw={260}>{t('quick.rejectedStops')}</Menu.Label>
            )}
            {quick.otherStatuses.map((status) => (
              <Menu.Item key={status.slug} onClick={() => quick.setStatus(status.slug, status.label)}>
                {status.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {quick.canAssign && (
        <Menu position="bottom-end" withinPortal onOpen={quick.loadTechnicians}>
          <Menu.Target>
            <Button
              variant="light"
              rightSection={<IconChevronDown size={14} aria-hidden />}
              loading={pending?.technician_id !== undefined}
              disabled={disabled}
              aria-label={t('quick.technicianOf', { number })}
            >
              {t('quick.technician')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <TechnicianItems order={order} quick={quick} />
          </Menu.Dropdown>
        </Menu>
      )}
      {quick.confirmation}
    </Group>
  );
}

/** The technicians to assign (the one assigned left out), and "No technician" when one is. */
function TechnicianItems({ order, quick }: { order: Order; quick: ReturnType<typeof useQuickChanges> }) {
  const { t } = useTranslation('orders');
  return (
    <>
      {quick.techniciansLoading && quick.technicians.length === 0 && <Menu.Label>{t('quick.loading')}</Menu.Label>}
      {quick.technicians.map((tech) => (
        <Menu.Item key={tech.id} onClick={() => quick.assign(tech)}>
          {tech.name}
        </Menu.Item>
      ))}
      {order.technician_id !== null && (
        <Menu.Item color="red.8" onClick={() => quick.assign(null)}>
          {t('quick.noTechnician')}
        </Menu.Item>
      )}
    </>
  );
}

/**
 * A list row's quick changes: one small button opening the same choices as a menu. The list draws
 * OrderQuickButton, which loads this with its first click and hands it the open menu (`opened`).
 */
export function OrderQuickMenu({ order, opened = false }: { order: Order; opened?: boolean }) {
  const { t } = useTranslation('orders');
  const quick = useQuickChanges(order, opened);
  const number = order.project_number;
  const target = useRef<HTMLButtonElement>(null);
  // Mount only: the click or key that opened the menu was on the button this one replaces.
  useEffect(() => {
    if (opened) target.current?.focus();
  }, [opened]);
  if (!quick.canApprove && !quick.canSetStatus && !quick.canAssign) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal onOpen={quick.loadTechnicians} defaultOpened={opened}>
        <Menu.Target>
          <ActionIcon
            ref={target}
            variant="subtle"
            loading={quick.update.isPending}
            aria-label={t('quick.menuOf', { number })}
          >
            <IconBolt size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {quick.canApprove && (
            <>
              <Menu.Item leftSection={<IconCheck size={14} aria-hidden />} onClick={quick.approve}>
                {t('quick.approve')}
              </Menu.Item>
              {quick.canReject && (
                <Menu.Item leftSection={<IconX size={14} aria-hidden />} color="red.8" onClick={quick.reject}>
                  {t('quick.reject')}
                </Menu.Item>
              )}
            </>
          )}
          {quick.canSetStatus && quick.rejected && quick.otherStatuses.length === 0 && (
            <Menu.Label maw={260}>{t('quick.rejectedStops')}</Menu.Label>
          )}
          {quick.canSetStatus && quick.otherStatuses.length > 0 && (
            <>
              {quick.canApprove && <Menu.Divider />}
              <Menu.Label>{t('quick.setStatus')}</Menu.Label>
              {quick.otherStatuses.map((status) => (
                <Menu.Item key={status.slug} onClick={() => quick.setStatus(status.slug, status.label)}>
                  {status.label}
                </Menu.Item>
              ))}
            </>
          )}
          {quick.canAssign && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('quick.technician')}</Menu.Label>
              <TechnicianItems order={order} quick={quick} />
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {quick.confirmation}
    </>
  );
}
