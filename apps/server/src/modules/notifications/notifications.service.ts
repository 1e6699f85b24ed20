import type { Locale } from '@wop/shared/constants';
import type { MarkReadBody, Notification, NotificationSettings } from '@wop/shared/notifications';
import type { Db } from '../../db/client.ts';
import { pageOf } from '../../lib/http.ts';
import type { AuthUser } from '../../lib/scope.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { renderNotification } from './notifications.render.ts';
import * as repo from './notifications.repository.ts';
import { unreadChanged } from './notify.ts';

/** How long a ticket for the event stream is valid. */
export const TICKET_SECONDS = 60;

export function createNotificationsService(db: Db) {
  return {
    /** A one-time ticket for GET /api/events?ticket= (one connection, valid TICKET_SECONDS). */
    async ticket(user: AuthUser) {
      const ticket = newToken();
      const expiresAt = new Date(Date.now() + TICKET_SECONDS * 1000);
      await repo.insertTicket(db, user.id, hashToken(ticket), expiresAt);
      return { ticket, expires_at: expiresAt.toISOString() };
    },

    /** Newest first; a user's notifications are its own, so no other scope applies. */
    async list(user: AuthUser, params: { page: number; limit: number }, locale: Locale) {
      const rows = await repo.listNotifications(db, user.id, params.limit, (params.page - 1) * params.limit);
      const data: Notification[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        order_id: row.order_id,
        project_number: row.params.project_number,
        ...renderNotification(locale, row.type, row.params),
        created_at: new Date(row.created_at).toISOString(),
        read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
      }));
      if (!data.length && params.page > 1) return pageOf(data, await repo.countNotifications(db, user.id), params);
      return pageOf(data, rows[0]?.total ?? 0, params);
    },

    unreadCount: (user: AuthUser) => repo.countNotifications(db, user.id, true),

    /** Only the caller's own notifications are touched; other ids are ignored. */
    async markRead(user: AuthUser, body: MarkReadBody) {
      await db.transaction(async (tx) => {
        if (await repo.markRead(tx, user.id, 'ids' in body ? body.ids : undefined)) await unreadChanged(tx, user.id);
      });
    },

    async settings(user: AuthUser): Promise<NotificationSettings> {
      const row = await repo.findSettings(db, user.id);
      return {
        email: {
          order_created: row?.email_order_created ?? true,
          approval: row?.email_approval ?? true,
          assigned: row?.email_assigned ?? true,
          status: row?.email_status ?? true,
          message: row?.email_message ?? true,
        },
        locale: row?.locale ?? 'en',
      };
    },

    async saveSettings(user: AuthUser, body: NotificationSettings): Promise<NotificationSettings> {
      const e = body.email;
      await repo.saveSettings(db, user.id, {
        email_order_created: e.order_created,
        email_approval: e.approval,
        email_assigned: e.assigned,
        email_status: e.status,
        email_message: e.message,
        locale: body.locale,
      });
      return this.settings(user);
    },
  };
}
