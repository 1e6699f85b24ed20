import { z } from 'zod';
import { LOCALES } from './constants.ts';
import { listQuery, optional } from './query.ts';

/** What a user switches e-mail on or off for; a sign-off follows `status`. */
export const EMAIL_SETTINGS = ['order_created', 'approval', 'assigned', 'status', 'message'] as const;
/**
 * `signoff`: the store confirmed a completed order fixed, or not fixed (a follow-up order was opened);
 * `visit_arrived`: the technician checked in at the store; `visit_closed`: the server closed a visit
 * left open 12 hours. These follow the `status` e-mail setting. `repeat`: a new order on an asset soon
 * after its last order was completed (e-mailed as new orders are). `quote`: a quote was submitted to
 * the approvers who may decide it, or passed on to the chain-admins; `quote_decided`: it was approved
 * or rejected (both follow the `approval` e-mail setting). `plan_skipped`: a maintenance plan skipped
 * an occurrence because this order, its previous one, is still open (follows `order_created`).
 */
export const NOTIFICATION_TYPES = [
  ...EMAIL_SETTINGS,
  'signoff',
  'visit_arrived',
  'visit_closed',
  'repeat',
  'quote',
  'quote_decided',
  'plan_skipped',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const notificationSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  order_id: z.number(),
  project_number: z.number(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** A one-time ticket for the event stream (`GET /api/events?ticket=`). */
export const eventTicketSchema = z.object({ ticket: z.string(), expires_at: z.string() });
export const unreadNotificationsSchema = z.object({ count: z.number() });
export type UnreadNotifications = z.infer<typeof unreadNotificationsSchema>;

/** Which notifications also go out as e-mail, and in which language. */
export const notificationSettings = z.object({
  email: z.object({
    order_created: z.boolean(),
    approval: z.boolean(),
    assigned: z.boolean(),
    status: z.boolean(),
    message: z.boolean(),
  }),
  locale: z.enum(LOCALES),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const markReadBody = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z.object({ ids: z.array(z.number().int().min(1).max(2147483647)).min(1).max(1000) }).strict(),
]);
export type MarkReadBody = z.infer<typeof markReadBody>;

/** Events of `GET /api/events`. */
export type LiveEvent =
  | { type: 'order'; data: { id: number; project_number: number; change: 'created' | 'updated' } }
  | { type: 'message'; data: { order_id: number } }
  | { type: 'notification'; data: { unread: number } };

export const notificationListQuery = listQuery(['id'] as const);
export const eventsQuery = z.object({
  ticket: optional(z.string().max(200)),
  /** For a client that opens a new stream (a fresh ticket) instead of reconnecting the old one. */
  last_event_id: optional(z.string().regex(/^[0-9]{1,15}$/)),
});
