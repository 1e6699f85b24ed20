import { COMPLETED_STATUS, type Locale, type Priority } from '@wop/shared/constants';
import type { Order, OrderDocument } from '@wop/shared/orders';
import { translate } from '../../i18n/index.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';
import type * as repo from './orders.repository.ts';

/** Rows of the repository as the answers of the API. */

/**
 * A timestamp as the API's ISO text. PostgreSQL's own text of a timestamptz in UTC, as drizzle and
 * the order list read it ('2026-11-23 10:15:00.123456+00'), is rearranged rather than parsed (to
 * milliseconds, cut as a Date cuts them): a page of orders has seven per order. Anything else goes
 * through a Date.
 */
/** The user a row names by id and name, or null (none, or since deleted). */
export const userOf = (id: number | null, name: string | null) => (id && name ? { id, name } : null);

export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value[4] === '-' && value[10] === ' ' && value.endsWith('+00')) {
    if (value.length === 22) return `${value.slice(0, 10)}T${value.slice(11, 19)}.000Z`;
    if (value[19] === '.' && value.length >= 24 && value.length <= 29) {
      return `${value.slice(0, 10)}T${value.slice(11, 19)}.${value.slice(20, -3).padEnd(3, '0').slice(0, 3)}Z`;
    }
  }
  return new Date(value).toISOString();
}

const link = (id: number | null, projectNumber: number | null) =>
  id && projectNumber ? { id, project_number: projectNumber } : null;

export const approvalLabel = (locale: Locale, status: string) => translate(locale, `orders.approval.${status}`);

export function toOrder(row: repo.OrderRow, locale: Locale, now = Date.now()): Order {
  const dueAt = iso(row.due_at) as string;
  return {
    id: row.id,
    project_number: row.project_number,
    description: row.description,
    worktype_id: row.worktype_id,
    worktype_label: row.worktype_label,
    priority: row.priority as Priority,
    priority_label: row.priority_label,
    chain_id: row.chain_id,
    region_id: row.region_id,
    store_id: row.store_id,
    chain: { id: row.chain_id, chain_name: row.chain_name },
    region: row.region_id && row.region_name ? { id: row.region_id, region_name: row.region_name } : null,
    store: {
      id: row.store_id,
      store_name: row.store_name,
      invoice_address: row.store_invoice_address,
      phone: row.store_phone,
      lat: row.store_lat,
      lng: row.store_lng,
    },
    orderer: userOf(row.orderer_id, row.orderer_name),
    approval_status: row.approval_status,
    approval_status_label: approvalLabel(locale, row.approval_status),
    approval_status_date: iso(row.approval_status_date),
    status_id: row.status_id,
    status: row.status,
    status_label: statusLabel(locale, row.status, row.status_title),
    technician_id: row.technician_id,
    technician_name: row.technician_name,
    planned_at: iso(row.planned_at),
    completed_at: iso(row.completed_at),
    resolution: row.resolution,
    due_at: dueAt,
    overdue: Date.parse(dueAt) < now && row.status !== COMPLETED_STATUS,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    documents_count: row.documents_count,
    unread_count: row.unread_count,
    confirmed_at: iso(row.confirmed_at),
    parent_id: row.parent_id,
    parent: link(row.parent_id, row.parent_project_number),
    recall_order_id: row.recall_order_id,
    recall: link(row.recall_order_id, row.recall_project_number),
    asset_id: row.asset_id,
    asset: row.asset,
    on_site_since: iso(row.on_site_since),
    time_on_site_minutes: row.time_on_site_minutes,
    repeat_of: link(row.repeat_of_id, row.repeat_of_project_number),
    plan_id: row.plan_id,
    plan: row.plan_id !== null && row.plan_title !== null ? { id: row.plan_id, title: row.plan_title } : null,
    version: row.version,
    ...costFieldsOf(row),
  };
}

/** The order's cost fields (costs.ts orderCostFields) from its `order_costs` row and chain. */
export function costFieldsOf(row: repo.CostColumns) {
  return {
    nte_minor: row.nte_minor,
    cost: {
      labour: row.labour_minor,
      callout: row.callout_minor,
      material: row.material_minor,
      other: row.other_minor,
      total: row.labour_minor + row.callout_minor + row.material_minor + row.other_minor,
      currency: row.currency,
    },
    quote_status: row.quote_status,
    invoice_id: row.invoice_id,
  };
}

export const documentUrl = (orderId: number, documentId: number) => `/api/orders/${orderId}/documents/${documentId}`;

export const toDocument = (row: repo.DocumentRow): OrderDocument => ({
  id: row.id,
  name: row.name,
  url: documentUrl(row.order_id, row.id),
  mime_type: row.mime_type,
  size: row.size_bytes,
  created_at: iso(row.created_at) as string,
});
