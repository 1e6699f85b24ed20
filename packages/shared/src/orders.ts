/**
 * Work orders: the fields of the order form and the edit dialog by role (spec 5 and 6), the
 * update body and the answer shapes. The server enforces these rules; the web app reads them to
 * show only what the server would accept.
 */
import { z } from 'zod';
import {
  APPROVAL_STATUSES,
  COMPLETED_STATUS,
  type OrderFilter,
  PLANNED_STATUSES,
  PRIORITIES,
  type Priority,
} from './constants.ts';
import { orderCostFields } from './costs.ts';
import { phoneInSchema } from './phonein.ts';
import { int4Id, isoDateTime, requiredText, text } from './primitives.ts';
import {
  filterBoolean,
  filterId,
  filterIdOrSlug,
  filterText,
  isIdOrSlug,
  listQuery,
  optional,
  pathId,
} from './query.ts';
import { can, type Permission, type RoleSlug } from './roles.ts';
import { v } from './validation.ts';

export const ORDER_DESCRIPTION_MAX = 5000;
/** What was done, given when an order is completed. */
export const ORDER_RESOLUTION_MAX = 2000;

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
  /** The equipment the order is about: an asset of the order's store, not retired. */
  asset_id: optionalId,
});
export type CreateOrderFields = z.output<typeof createOrderFields>;

/**
 * A date-time from the edit dialog: ISO 8601 (with or without offset) or `YYYY-MM-DD HH:mm[:ss]`.
 * Empty is absent; `clearable`: null takes the time away (else null is absent too).
 */
const dateTime = (clearable = false) =>
  z.preprocess((value) => (value === null && clearable ? null : blank(value)), isoDateTime().nullable().optional());

/** `PUT /api/orders/{id}`: only the fields the caller's role may set (others are a 403). */
export const updateOrderBody = z.object({
  /** A status slug, or its id. */
  status: requiredText(100)
    .refine(isIdOrSlug, { message: v('invalid') })
    .optional(),
  priority: priorityField.optional(),
  approval_status: z.enum(APPROVAL_STATUSES, { error: v('invalid') }).optional(),
  /** null unassigns; an empty value is left out. */
  technician_id: z.preprocess((value) => (value === '' ? undefined : value), int4Id().nullable().optional()),
  /** null takes the planned time away (refused while the order is planned). */
  planned_at: dateTime(true),
  /** null (or absent) on a completion: now. */
  completed_at: dateTime(),
  /** What was done: only with the status completed; empty or null clears it. */
  resolution: z.preprocess(
    (value) => (value === '' ? null : value),
    text().trim().max(ORDER_RESOLUTION_MAX).nullable().optional(),
  ),
  /** An asset of the order's store, not retired; null takes it off; an empty value is left out. */
  asset_id: z.preprocess((value) => (value === '' ? undefined : value), int4Id().nullable().optional()),
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
  resolution: 'order:set-status',
  asset_id: 'order:set-asset',
} as const satisfies Record<keyof UpdateOrderBody, Permission>;
export type OrderEditField = keyof typeof ORDER_FIELD_PERMISSION;

/** The edit-dialog fields a role may set. */
export const editableOrderFields = (role: RoleSlug): OrderEditField[] =>
  (Object.keys(ORDER_FIELD_PERMISSION) as OrderEditField[]).filter((f) => can(role, ORDER_FIELD_PERMISSION[f]));

export const usesPlannedAt = (status: string | null | undefined) =>
  (PLANNED_STATUSES as readonly string[]).includes(status ?? '');
export const usesCompletedAt = (status: string | null | undefined) => status === COMPLETED_STATUS;

/**
 * The workflow's rules that hold whoever edits (api-contract "Workflow rules that hold together"):
 * a rejected order stays pending until an approver reconsiders it; `planned` has a time.
 */
export const statusAllowedWhenRejected = (status: string | null | undefined) => status === 'pending';
export const needsPlannedAt = (status: string | null | undefined) => status === 'planned';

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

/**
 * The order list's filters (spec 3), written once: the query of `GET /api/orders` and of its export
 * (with paging, search and sort: orderListQuery), the dashboard's links and the web app's filter
 * fields all read them from here. `status` is a slug or its id; `date_range` is
 * `DD-MM-YYYY HH:mm:ss|DD-MM-YYYY HH:mm:ss` (date-range.ts), both ends inclusive; `open`: not
 * completed; `recalled`: the store said "not fixed" and a follow-up order was opened;
 * `technician_id`: assigned to that technician; `unassigned`: no technician (false: any);
 * `awaiting_sign_off`: completed and not yet signed off by the store.
 */
export const orderFilters = z.object({
  chain_id: filterId(),
  region_id: filterId(),
  store_id: filterId(),
  worktype_id: filterId(),
  status: filterIdOrSlug(),
  approval_status: optional(z.enum(APPROVAL_STATUSES, { error: v('invalid') })),
  date_range: filterText(60),
  overdue: filterBoolean(),
  open: filterBoolean(),
  recalled: filterBoolean(),
  /** Repeat failures: orders on an asset soon after its last order was completed. */
  repeat: filterBoolean(),
  /** Orders whose cost is past their not-to-exceed limit (costs.ts). */
  over_nte: filterBoolean(),
  technician_id: filterId(),
  unassigned: filterBoolean(),
  awaiting_sign_off: filterBoolean(),
  asset_id: filterId(),
} satisfies Record<OrderFilter, z.ZodType>);
export type OrderFilters = z.output<typeof orderFilters> & { q?: string };
export const orderListQuery = listQuery(ORDER_SORTS, 'project_number').extend(orderFilters.shape);
export type OrderListQuery = z.output<typeof orderListQuery>;

/** The options of the order form and list filters, narrowed by chain and region. */
export const orderOptionsQuery = z.object({ chain_id: filterId(), region_id: filterId(), store_id: filterId() });
export const orderDocumentParams = z.object({ id: pathId, documentId: pathId });

const ts = z.string();
const ref = <K extends string>(key: K) =>
  z.object({ id: z.number() }).extend({ [key]: z.string() } as Record<K, z.ZodString>);
const orderLink = z.object({ id: z.number(), project_number: z.number() });
/**
 * The asset an order is about; `under_warranty`: the order was placed on or before the last day of
 * the asset's warranty (in APP_TIMEZONE).
 */
const orderAsset = z.object({ id: z.number(), tag: z.string(), name: z.string(), under_warranty: z.boolean() });
export type OrderAsset = z.infer<typeof orderAsset>;

/** The answer to creating an order; an ASAP order (PHONE_IN_PRIORITY) also says whom to phone now. */
export const createdOrderSchema = orderLink.extend({ phone_in: phoneInSchema.optional() });
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/**
 * An order as the list and the detail answer it (dates ISO 8601). `unread_count`: chat messages from
 * others after the caller's last seen one; `confirmed_at`: the store's sign-off; `parent`: the order
 * this one follows up; `recall`: the follow-up opened when the store said "not fixed"; `version`: +1
 * on every change, the ETag sent back as If-Match with an edit.
 */
export const orderSchema = z.object({
  id: z.number(),
  project_number: z.number(),
  description: z.string(),
  worktype_id: z.number(),
  worktype_label: z.string(),
  priority: z.number(),
  priority_label: z.string(),
  chain_id: z.number(),
  region_id: z.number().nullable(),
  store_id: z.number(),
  chain: ref('chain_name'),
  region: ref('region_name').nullable(),
  /** `lat`, `lng`: where the store is (its map link, and what check-ins are measured against). */
  store: z.object({
    id: z.number(),
    store_name: z.string(),
    invoice_address: z.string(),
    phone: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
  }),
  orderer: z.object({ id: z.number(), name: z.string() }).nullable(),
  approval_status: z.enum(APPROVAL_STATUSES),
  approval_status_label: z.string(),
  approval_status_date: ts.nullable(),
  status_id: z.number(),
  status: z.string(),
  status_label: z.string(),
  technician_id: z.number().nullable(),
  technician_name: z.string().nullable(),
  planned_at: ts.nullable(),
  completed_at: ts.nullable(),
  /** What was done (a completed order). */
  resolution: z.string().nullable(),
  due_at: ts,
  overdue: z.boolean(),
  created_at: ts,
  updated_at: ts,
  documents_count: z.number(),
  unread_count: z.number(),
  confirmed_at: ts.nullable(),
  /** The order this one follows up (the contract's field), and that order as a link. */
  parent_id: z.number().nullable(),
  parent: orderLink.nullable(),
  /** The follow-up opened when the store said "not fixed", and that order as a link. */
  recall_order_id: z.number().nullable(),
  recall: orderLink.nullable(),
  asset_id: z.number().nullable(),
  asset: orderAsset.nullable(),
  /** Since when a technician is checked in (the earliest open site visit), or null. */
  on_site_since: ts.nullable(),
  /** The closed site visits' time in minutes, overlapping visits merged. */
  time_on_site_minutes: z.number(),
  /** A repeat failure: the order on the same asset completed less than RECALL_WINDOW_DAYS before this one. */
  repeat_of: orderLink.nullable(),
  /** Generated by a maintenance plan: that plan (its id and title). */
  plan_id: z.number().nullable(),
  plan: z.object({ id: z.number(), title: z.string() }).nullable(),
  version: z.number(),
  /** What the work costs so far against its not-to-exceed limit (costs.ts). */
  ...orderCostFields,
});
export type Order = z.infer<typeof orderSchema>;
export type OrderLink = z.infer<typeof orderLink>;

/** An attachment; `url` is an API path a browser opens with `?access_token=` from POST /api/auth/download-token. */
export const orderDocumentSchema = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  mime_type: z.string(),
  size: z.number(),
  created_at: ts,
});
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

/** One change: `from_label`/`to_label` are `from`/`to` in the caller's language (dates stay ISO). */
const orderHistoryEntry = z.object({
  at: ts,
  user: z.object({ id: z.number(), name: z.string() }).nullable(),
  field: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  from_label: z.string().nullable(),
  to_label: z.string().nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntry>;

export const orderDetailSchema = orderSchema.extend({
  documents: z.array(orderDocumentSchema),
  history: z.array(orderHistoryEntry),
  /**
   * An ASAP order still pending (not rejected): whom to phone about it now, as in the answer that
   * created it, so that the number is there whenever the order is opened again; null otherwise.
   */
  phone_in: phoneInSchema.nullable(),
});

/** 412 of an edit made against an older version: the order as it is now. */
export const staleOrderAnswer = z.object({ message: z.string(), payload: orderDetailSchema });
/** `GET /api/orders/priority`: the priorities' titles in the caller's language, by value. */
export const prioritiesSchema = z.object({ priorities: z.record(z.string(), z.string()) });
/** `GET /api/orders/projectnumber`: the project number the next order would get. */
export const projectNumberSchema = z.object({ project_number: z.number() });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `GET /api/orders/options`: the caller's chains, regions and stores, and technicians for those who assign them. */
export const orderOptionsSchema = z.object({
  chains: z.array(z.object({ id: z.number(), chain_name: z.string(), has_region: z.boolean() })),
  regions: z.array(z.object({ id: z.number(), region_name: z.string(), chain_id: z.number() })),
  stores: z.array(
    z.object({
      id: z.number(),
      store_name: z.string(),
      chain_id: z.number(),
      region_id: z.number().nullable(),
    }),
  ),
  technicians: z.array(z.object({ id: z.number(), name: z.string() })),
  /** With `store_id`: that store's assets that can take an order (not retired). */
  assets: z.array(z.object({ id: z.number(), tag: z.string(), name: z.string(), store_id: z.number() })),
});
export type OrderOptions = z.infer<typeof orderOptionsSchema>;

/** `POST /api/orders/{id}/upload`: files only. */
export const orderUploadFields = z.object({});
