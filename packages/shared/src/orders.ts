/**
 * Work orders: the fields of the order form and the edit dialog by role (spec 5 and 6), the
 * update body and the answer shapes. The server enforces these rules; the web app reads them to
 * show only what the server would accept.
 */
import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  type ApprovalStatus,
  COMPLETED_STATUS,
  PLANNED_STATUSES,
  PRIORITIES,
  type Priority,
} from './constants.ts';
import { int4Id, isoDateTime, requiredText } from './primitives.ts';
import { can, type Permission, type RoleSlug } from './roles.ts';
import { v } from './validation.ts';

export const ORDER_DESCRIPTION_MAX = 5000;

/** Which create-form fields a role fills in, and which of them are required (spec 5 and 6). */
export interface OrderFormFields {
  chain: 'required' | 'hidden';
  /** `if-regions`: shown only when the chain has regions; never required. */
  region: 'optional' | 'if-regions' | 'hidden';
  store: 'required';
  approval_status: 'required' | 'hidden';
  /** The store manager sees the next project number, read-only. */
  project_number: boolean;
}

export function orderFormFields(role: RoleSlug): OrderFormFields {
  switch (role) {
    case 'super-admin':
    case 'admin':
      return {
        chain: 'required',
        region: 'hidden',
        store: 'required',
        approval_status: 'hidden',
        project_number: false,
      };
    case 'chain-admin':
      return {
        chain: 'hidden',
        region: 'if-regions',
        store: 'required',
        approval_status: 'required',
        project_number: false,
      };
    case 'regional-director':
      return {
        chain: 'required',
        region: 'hidden',
        store: 'required',
        approval_status: 'required',
        project_number: false,
      };
    default:
      return { chain: 'hidden', region: 'hidden', store: 'required', approval_status: 'hidden', project_number: true };
  }
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The create-form fields a role must fill in beyond `createOrderFields` (spec 5), as field ->
 * `v()` key: the same rule for the browser's check and the server's.
 */
export function missingOrderFields(
  role: RoleSlug,
  fields: { chain_id?: unknown; store_id?: unknown; approval_status?: unknown },
): Record<string, string> {
  const layout = orderFormFields(role);
  const missing: Record<string, string> = {};
  if (layout.chain === 'required' && isBlank(fields.chain_id)) missing.chain_id = v('required');
  if (isBlank(fields.store_id)) missing.store_id = v('required');
  if (layout.approval_status === 'required' && isBlank(fields.approval_status)) missing.approval_status = v('required');
  return missing;
}

/** Empty form values count as absent (multipart sends every field as text). */
const blank = (value: unknown) => (value === '' || value === null || value === 'null' ? undefined : value);
/** A number from a form value: absent stays absent ("is required"), text becomes NaN ("must be a number"). */
const toNumber = (value: unknown) => {
  const b = blank(value);
  return typeof b === 'string' ? (b.trim() === '' ? undefined : Number(b)) : b;
};
const requiredId = z.preprocess(blank, int4Id());
const optionalId = z.preprocess(blank, int4Id().optional());

export const priorityField = z.preprocess(
  toNumber,
  z
    .number()
    .int()
    .refine((p) => (PRIORITIES as readonly number[]).includes(p), { message: v('invalid') })
    .transform((p) => p as Priority),
);

/** The text fields of `POST /api/orders` (multipart; files come as `documents[]`). */
export const createOrderFields = z.object({
  description: requiredText(ORDER_DESCRIPTION_MAX),
  worktype_id: requiredId,
  priority: priorityField,
  chain_id: optionalId,
  region_id: optionalId,
  store_id: optionalId,
  approval_status: z.preprocess(blank, z.enum(APPROVAL_STATUSES, { error: v('invalid') }).optional()),
});
export type CreateOrderFields = z.output<typeof createOrderFields>;

/** A date-time from the edit dialog: ISO 8601 (with or without offset) or `YYYY-MM-DD HH:mm[:ss]`. */
const dateTime = z.preprocess(blank, isoDateTime().nullable().optional());

/** `PUT /api/orders/{id}`: only the fields the caller's role may set (others are a 403). */
export const updateOrderBody = z.object({
  status: requiredText(100).optional(),
  priority: priorityField.optional(),
  approval_status: z.enum(APPROVAL_STATUSES, { error: v('invalid') }).optional(),
  /** null unassigns; an empty value is left out. */
  technician_id: z.preprocess((value) => (value === '' ? undefined : value), int4Id().nullable().optional()),
  planned_at: dateTime,
  completed_at: dateTime,
});
export type UpdateOrderBody = z.output<typeof updateOrderBody>;

/** The permission each edit-dialog field needs (spec 6). */
export const ORDER_FIELD_PERMISSION = {
  status: 'order:set-status',
  priority: 'order:set-priority',
  approval_status: 'order:set-approval',
  technician_id: 'order:assign-technician',
  planned_at: 'order:set-dates',
  completed_at: 'order:set-dates',
} as const satisfies Record<keyof UpdateOrderBody, Permission>;
export type OrderEditField = keyof typeof ORDER_FIELD_PERMISSION;

/** The edit-dialog fields a role may set. */
export const editableOrderFields = (role: RoleSlug): OrderEditField[] =>
  (Object.keys(ORDER_FIELD_PERMISSION) as OrderEditField[]).filter((f) => can(role, ORDER_FIELD_PERMISSION[f]));

export const usesPlannedAt = (status: string | null | undefined) =>
  (PLANNED_STATUSES as readonly string[]).includes(status ?? '');
export const usesCompletedAt = (status: string | null | undefined) => status === COMPLETED_STATUS;

/** The order list sorts (the default is project_number desc). */
export const ORDER_SORTS = [
  'project_number',
  'id',
  'created_at',
  'updated_at',
  'due_at',
  'priority',
  'status',
  'approval_status',
  'planned_at',
  'completed_at',
  'store_name',
] as const;

export interface OrderFilters {
  chain_id?: number;
  region_id?: number;
  store_id?: number;
  worktype_id?: number;
  status?: string;
  approval_status?: ApprovalStatus;
  /** `DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss` (date-range.ts), both ends inclusive. */
  date_range?: string;
  overdue?: boolean;
  /** Not completed. */
  open?: boolean;
  /** The store said "not fixed" and a follow-up order was opened. */
  recalled?: boolean;
  q?: string;
}

export interface OrderDocument {
  id: number;
  name: string;
  /** API path; a browser opens it with `?access_token=` from POST /api/auth/download-token. */
  url: string;
  mime_type: string;
  size: number;
  created_at: string;
}

export interface OrderHistoryEntry {
  at: string;
  user: { id: number; name: string } | null;
  field: string;
  from: string | null;
  to: string | null;
  /** `from`/`to` in the caller's language (status, approval, priority titles; names; dates stay ISO). */
  from_label: string | null;
  to_label: string | null;
}

export interface Order {
  id: number;
  project_number: number;
  description: string;
  worktype_id: number;
  worktype_label: string;
  priority: Priority;
  priority_label: string;
  chain_id: number;
  region_id: number | null;
  store_id: number;
  chain: { id: number; chain_name: string };
  region: { id: number; region_name: string } | null;
  store: { id: number; store_name: string; invoice_address: string; phone: string };
  orderer: { id: number; name: string } | null;
  approval_status: ApprovalStatus;
  approval_status_label: string;
  approval_status_date: string | null;
  status_id: number;
  status: string;
  status_label: string;
  technician_id: number | null;
  technician_name: string | null;
  planned_at: string | null;
  completed_at: string | null;
  due_at: string;
  overdue: boolean;
  created_at: string;
  updated_at: string;
  documents_count: number;
  /** Chat messages from others after the caller's last seen one. */
  unread_count: number;
  /** Store sign-off: when the store confirmed the fix (or said it was not fixed). */
  confirmed_at: string | null;
  /** The order this one follows up (the store said "not fixed" there). */
  parent: OrderLink | null;
  /** The follow-up order opened when the store said "not fixed". */
  recall: OrderLink | null;
  /** +1 on every change; the ETag of the order, sent back as If-Match with an edit. */
  version: number;
}

export interface OrderLink {
  id: number;
  project_number: number;
}

export interface OrderDetail extends Order {
  documents: OrderDocument[];
  history: OrderHistoryEntry[];
}

export interface OrderOptions {
  chains: { id: number; chain_name: string; has_region: boolean }[];
  regions: { id: number; region_name: string; chain_id: number }[];
  stores: { id: number; store_name: string; chain_id: number; region_id: number | null }[];
  technicians: { id: number; name: string }[];
}
