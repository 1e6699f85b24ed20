import { z } from 'zod';
import { LOCALES } from './constants.ts';

export const NOTIFICATION_TYPES = ['order_created', 'approval', 'assigned', 'status', 'message'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface Notification {
  id: number;
  type: NotificationType;
  order_id: number;
  project_number: number;
  title: string;
  body: string;
  created_at: string;
  read_at: string | null;
}

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
