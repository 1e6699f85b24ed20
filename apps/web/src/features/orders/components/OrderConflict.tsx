import { Button, Table, Text } from '@mantine/core';
import type { OrderDetail, OrderEditField } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { Warning } from '../../../components/Warning.tsx';
import { isApiError } from '../../../lib/api.ts';
import { fromPickerValue, useDateFormat } from '../../../lib/dates.ts';

/** The edit dialog's form values. */
export interface Values {
  status: string;
  priority: string | null;
  approval_status: string | null;
  technician_id: string | null;
  planned_at: string | null;
  completed_at: string | null;
  asset_id: string | null;
  resolution: string;
}

/** The current order a 412 carries (someone else saved first), or null for any other failure. */
export function changedOrder(error: unknown): OrderDetail | null {
  if (!isApiError(error) || error.status !== 412) return null;
  const payload = (error.body as { payload?: unknown } | null)?.payload;
  return payload && typeof payload === 'object' && 'version' in payload ? (payload as OrderDetail) : null;
}

/** The form's fields in the order the form shows them. */
const FIELD_LABEL: Record<OrderEditField, string> = {
  priority: 'fields.priority',
  approval_status: 'fields.approval_status',
  technician_id: 'fields.technician',
  status: 'fields.status',
  planned_at: 'fields.planned_at',
  completed_at: 'fields.completed_at',
  asset_id: 'fields.asset',
  resolution: 'fields.resolution',
};

/**
 * After a 412: each field of the form that someone else changed since the user opened it, with
 * their saved value next to what the user typed (still in the form), and a button that sends the
 * user's values again against the new version.
 */
export function OrderConflict({
  before,
  theirs,
  yours,
  fields,
  statuses,
  priorities,
  technicians,
  assets,
  saving,
}: {
  before: OrderDetail;
  theirs: OrderDetail;
  yours: Values;
  fields: readonly OrderEditField[];
  statuses: readonly { slug: string; label: string }[];
  priorities: Record<string, string>;
  technicians: readonly { id: number; name: string }[];
  assets: readonly { id: number; name: string; tag: string }[];
  saving: boolean;
}) {
  const { t } = useTranslation('orders');
  const format = useDateFormat();
  const date = (value: string | null) => (value ? format.dateTime(value) : t('edit.empty'));
  // The user's dates are the picker's wall-clock text.
  const picked = (value: string | null) => date(fromPickerValue(value));
  const technician = (id: string | null) =>
    id ? (technicians.find((u) => String(u.id) === id)?.name ?? id) : t('noTechnician');
  const assetName = (id: string | number | null) => {
    const asset = id ? assets.find((a) => String(a.id) === String(id)) : undefined;
    return asset ? `${asset.name} · ${asset.tag}` : id ? String(id) : t('edit.empty');
  };
  // Per field: whether it changed, their value and the user's, as the user reads them.
  const shown: Record<OrderEditField, [boolean, string, string]> = {
    status: [
      before.status !== theirs.status,
      theirs.status_label,
      statuses.find((s) => s.slug === yours.status)?.label ?? yours.status,
    ],
    priority: [
      before.priority !== theirs.priority,
      theirs.priority_label,
      yours.priority ? (priorities[yours.priority] ?? yours.priority) : t('edit.empty'),
    ],
    approval_status: [
      before.approval_status !== theirs.approval_status,
      theirs.approval_status_label,
      yours.approval_status ? t(`common:approval.${yours.approval_status}`) : t('edit.empty'),
    ],
    technician_id: [
      before.technician_id !== theirs.technician_id,
      theirs.technician_name ?? t('noTechnician'),
      technician(yours.technician_id),
    ],
    planned_at: [before.planned_at !== theirs.planned_at, date(theirs.planned_at), picked(yours.planned_at)],
    completed_at: [before.completed_at !== theirs.completed_at, date(theirs.completed_at), picked(yours.completed_at)],
    resolution: [
      before.resolution !== theirs.resolution,
      theirs.resolution ?? t('edit.empty'),
      yours.resolution.trim() || t('edit.empty'),
    ],
    asset_id: [before.asset_id !== theirs.asset_id, assetName(theirs.asset_id), assetName(yours.asset_id)],
  };
  const rows = (Object.keys(FIELD_LABEL) as OrderEditField[]).filter((f) => fields.includes(f) && shown[f][0]);
  return (
    <Warning title={t('edit.conflictTitle')} role="alert">
      <Text size="sm" mb="xs">
        {rows.length ? t('edit.conflictText') : t('edit.conflictElsewhere')}
      </Text>
      {rows.length > 0 && (
        <Table withTableBorder fz="sm" mb="sm" aria-label={t('edit.conflictTitle')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('edit.conflictField')}</Table.Th>
              <Table.Th>{t('edit.conflictTheirs')}</Table.Th>
              <Table.Th>{t('edit.conflictYours')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{t(FIELD_LABEL[field])}</Table.Th>
                <Table.Td>{shown[field][1]}</Table.Td>
                <Table.Td>{shown[field][2]}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Button type="submit" size="xs" loading={saving}>
        {t('edit.applyAgain')}
      </Button>
    </Warning>
  );
}
