import { z } from 'zod';
import { int4, int4Id, isoDateTime, optionalText, text } from './primitives.ts';
import { optional } from './query.ts';
import { v } from './validation.ts';

/** The events a webhook may subscribe to (api-contract "Integrations"). */
export const WEBHOOK_EVENTS = [
  'order.created',
  'order.updated',
  'order.completed',
  'order.signed_off',
  'message.created',
  'asset.repeat',
  'plan.generated',
  'quote.submitted',
  'quote.decided',
  'visit.checked_in',
  'visit.checked_out',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What `POST /api/webhooks/{id}/test` sends: to any webhook, whatever its events. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Standard Webhooks secrets: `whsec_` and the base64 of 32 random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** After a rotation the previous secret signs beside the new one this long. */
export const WEBHOOK_ROTATION_HOURS = 24;
/** Waits before each retry: about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h. */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 86_400] as const;

const webhookUrl = () =>
  text()
    .trim()
    .min(1)
    .max(WEBHOOK_URL_MAX)
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { message: v('url') },
    );

const webhookEvents = () =>
  z
    .array(z.enum(WEBHOOK_EVENTS, { error: v('invalid') }))
    .min(1)
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { message: v('unique') });

export const webhookBody = z.object({
  /** https, on a public address (plain http and private addresses only with WEBHOOK_ALLOW_PRIVATE). */
  url: webhookUrl(),
  events: webhookEvents(),
  /** Required of a chain-admin of several chains; an admin's webhook without one hears of every chain. */
  chain_id: int4Id().optional(),
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
});
export type WebhookBody = z.output<typeof webhookBody>;

/** A change of a webhook: any of its address, events and description; `enabled` turns it on or off. */
export const webhookUpdateBody = z.object({
  url: webhookUrl().optional(),
  events: webhookEvents().optional(),
  description: optionalText(WEBHOOK_DESCRIPTION_MAX),
  enabled: z.boolean({ error: v('boolean') }).optional(),
});
export type WebhookUpdateBody = z.output<typeof webhookUpdateBody>;

/** A webhook as listed: never its secret. */
export const webhookSchema = z.object({
  id: z.number(),
  chain_id: z.number().nullable(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the server turned it off: the receiver answered 410 (`gone`) or failed for 5 days (`failing`). */
  disabled_reason: z.enum(['gone', 'failing']).nullable(),
  /** Failing since then (no delivery succeeded since). */
  failing_since: z.string().nullable(),
  /** After a rotation: the previous secret still signs until then. */
  previous_secret_until: z.string().nullable(),
  created_by: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer to a creation: the signing secret, this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

/** The answer to a rotation: the new secret, this once. */
export const rotatedWebhookSchema = createdWebhookSchema;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  id: z.number(),
  attempted_at: z.string(),
  /** The receiver's HTTP status; null when none came. */
  status_code: z.number().nullable(),
  /** Why no answer came (`timeout`, `refused`, `address_not_allowed`...). */
  error: z.string().nullable(),
  /** The first characters of the receiver's answer. */
  response: z.string().nullable(),
  duration_ms: z.number(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

/** One message (one event for one webhook) and its attempts, newest first. */
export const webhookDeliverySchema = z.object({
  id: z.number(),
  /** The `webhook-id` header: the same on every attempt. */
  msg_id: z.string(),
  type: z.string(),
  order_id: z.number().nullable(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** When the next attempt is due (pending only). */
  next_attempt_at: z.string().nullable(),
  last_status: z.number().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
  /** The body as sent. */
  payload: z.unknown(),
  attempt_log: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuery = z.object({
  status: optional(z.enum(WEBHOOK_DELIVERY_STATUSES, { error: v('invalid') })),
  /** Deliveries older than this id (the next page). */
  before: optional(z.preprocess((x) => (x === '' ? undefined : x), int4(1).optional())),
  limit: optional(int4(1, 100)),
});

export const webhookDeliveriesSchema = z.object({
  data: z.array(webhookDeliverySchema),
  /** The `before` of the next page; null on the last one. */
  next_before: z.number().nullable(),
});

export const webhookRetryFailedBody = z.object({
  /** Every failed delivery created since then is sent again. */
  since: isoDateTime(),
});
export const webhookRetriedSchema = z.object({ retried: z.number() });

// The events as sent: `{ type, timestamp, data }` (Standard Webhooks), `data` per event below.

/** The order as an event carries it. */
export const webhookOrderSchema = z.object({
  id: z.number(),
  project_number: z.number(),
  chain_id: z.number(),
  region_id: z.number().nullable(),
  store_id: z.number(),
  description: z.string(),
  status: z.string(),
  approval_status: z.string(),
  priority: z.number(),
  technician_id: z.number().nullable(),
  asset_id: z.number().nullable(),
  due_at: z.string(),
  planned_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  resolution: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const withOrder = <T extends z.ZodRawShape>(shape: T) => z.object({ order: webhookOrderSchema, ...shape });

const visitSchema = z.object({
  id: z.number(),
  technician_id: z.number().nullable(),
  checked_in_at: z.string(),
  checked_out_at: z.string().nullable(),
  /** `done`, `follow_up`, `parts`, `quote`; null while on site. */
  outcome: z.string().nullable(),
  off_site: z.boolean(),
  /** Closed by the server after being left open. */
  auto_closed: z.boolean(),
});

export const WEBHOOK_EVENT_DATA = {
  'order.created': withOrder({}),
  'order.updated': withOrder({
    /** The fields this change touched, as the order's history names them. */
    changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
  }),
  'order.completed': withOrder({}),
  'order.signed_off': withOrder({
    fixed: z.boolean(),
    /** The store's comment when not fixed. */
    comment: z.string().nullable(),
    /** The follow-up order when not fixed. */
    recall_order_id: z.number().nullable(),
  }),
  'message.created': withOrder({ message: z.object({ body: z.string(), author: z.string() }) }),
  'asset.repeat': withOrder({
    asset_id: z.number().nullable(),
    /** The earlier order on the same asset, completed within the repeat window. */
    repeat_of: z.object({ project_number: z.number() }),
  }),
  'plan.generated': withOrder({ plan_id: z.number() }),
  'quote.submitted': withOrder({
    quote: z.object({ total_minor: z.number(), currency: z.string(), escalated: z.boolean() }),
  }),
  'quote.decided': withOrder({
    quote: z.object({ total_minor: z.number(), currency: z.string(), decision: z.string() }),
  }),
  'visit.checked_in': withOrder({ visit: visitSchema }),
  'visit.checked_out': withOrder({ visit: visitSchema }),
} satisfies Record<WebhookEvent, z.ZodType>;

export const webhookTestDataSchema = z.object({ webhook_id: z.number(), message: z.string() });

/** The body of one event. */
export const webhookPayload = <T extends z.ZodType>(type: string, data: T) =>
  z.object({ type: z.literal(type), timestamp: z.string(), data });
