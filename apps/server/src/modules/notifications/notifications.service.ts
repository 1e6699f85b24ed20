import type { Locale } from '@wop/shared/constants';
import type { MarkReadBody, Notification, NotificationSettings } from '@wop/shared/notifications';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pageOf } from '../../lib/http.ts';
import type { AuthUser } from '../../lib/scope.ts';
import { type NotificationParams, renderNotification } from './notifications.render.ts';
import { unreadChanged } from './notify.ts';

interface Row extends Record<string, unknown> {
  id: number;
  type: Notification['type'];
  order_id: number;
  params: NotificationParams;
  created_at: string | Date;
  read_at: string | Date | null;
  total: number;
}

interface SettingsRow extends Record<string, unknown> {
  email_order_created: boolean;
  email_approval: boolean;
  email_assigned: boolean;
  email_status: boolean;
  email_message: boolean;
  locale: Locale;
}

/** Remembers the language of a sign-in: e-mails go out in it unless the user chose another. */
export async function rememberLocale(db: DbOrTx, userId: number, locale: Locale) {
  await db.execute(sql`
    insert into notification_settings (user_id, locale) values (${userId}, ${locale})
    on conflict (user_id) do update set locale = excluded.locale`);
}

export function createNotificationsService(db: Db) {
  async function unreadCount(userId: number) {
    const { rows } = await db.execute<{ count: number }>(
      sql`select count(*)::int as count from notifications where user_id = ${userId} and read_at is null`,
    );
    return rows[0].count;
  }

  return {
    /** Newest first; a user's notifications are its own, so no other scope applies. */
    async list(user: AuthUser, params: { page: number; limit: number }, locale: Locale) {
      const { rows } = await db.execute<Row>(sql`
        select id, type, order_id, params, created_at, read_at, count(*) over ()::int as total
        from notifications where user_id = ${user.id}
        order by id desc limit ${params.limit} offset ${(params.page - 1) * params.limit}`);
      const data: Notification[] = rows.map((row) => ({
        id: row.id,
        type: row.type,
        order_id: row.order_id,
        project_number: row.params.project_number,
        ...renderNotification(locale, row.type, row.params),
        created_at: new Date(row.created_at).toISOString(),
        read_at: row.read_at === null ? null : new Date(row.read_at).toISOString(),
      }));
      if (!data.length && params.page > 1) return pageOf(data, await this.total(user), params);
      return pageOf(data, rows[0]?.total ?? 0, params);
    },

    async total(user: AuthUser) {
      const { rows } = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from notifications where user_id = ${user.id}`,
      );
      return rows[0].count;
    },

    unreadCount: (user: AuthUser) => unreadCount(user.id),

    /** Only the caller's own notifications are touched; other ids are ignored. */
    async markRead(user: AuthUser, body: MarkReadBody) {
      await db.transaction(async (tx) => {
        const ids = 'ids' in body ? sql` and id in ${sql.raw(`(${body.ids.map(Number).join(',')})`)}` : sql``;
        const { rowCount } = await tx.execute(
          sql`update notifications set read_at = now() where user_id = ${user.id} and read_at is null${ids}`,
        );
        if (rowCount) await unreadChanged(tx, user.id);
      });
    },

    async settings(user: AuthUser): Promise<NotificationSettings> {
      const { rows } = await db.execute<SettingsRow>(
        sql`select * from notification_settings where user_id = ${user.id}`,
      );
      const row = rows[0];
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
      await db.execute(sql`
        insert into notification_settings
          (user_id, email_order_created, email_approval, email_assigned, email_status, email_message, locale)
        values (${user.id}, ${e.order_created}, ${e.approval}, ${e.assigned}, ${e.status}, ${e.message}, ${body.locale})
        on conflict (user_id) do update set
          email_order_created = excluded.email_order_created, email_approval = excluded.email_approval,
          email_assigned = excluded.email_assigned, email_status = excluded.email_status,
          email_message = excluded.email_message, locale = excluded.locale`);
      return this.settings(user);
    },
  };
}
