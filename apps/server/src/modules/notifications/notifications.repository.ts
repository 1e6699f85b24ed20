import type { Locale } from '@wop/shared/constants';
import type { Notification } from '@wop/shared/notifications';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { NotificationParams } from './notifications.render.ts';

export interface NotificationRow extends Record<string, unknown> {
  id: number;
  type: Notification['type'];
  order_id: number;
  params: NotificationParams;
  created_at: string | Date;
  read_at: string | Date | null;
  total: number;
}

export interface SettingsRow extends Record<string, unknown> {
  email_order_created: boolean;
  email_approval: boolean;
  email_assigned: boolean;
  email_status: boolean;
  email_message: boolean;
  locale: Locale;
}

/** A user's notifications, newest first, each with the user's total. */
export async function listNotifications(db: DbOrTx, userId: number, limit: number, offset: number) {
  const { rows } = await db.execute<NotificationRow>(sql`
    select id, type, order_id, params, created_at, read_at, count(*) over ()::int as total
    from notifications where user_id = ${userId}
    order by id desc limit ${limit} offset ${offset}`);
  return rows;
}

export async function countNotifications(db: DbOrTx, userId: number, unreadOnly = false) {
  const unread = unreadOnly ? sql` and read_at is null` : sql``;
  const { rows } = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from notifications where user_id = ${userId}${unread}`,
  );
  return rows[0].count;
}

/** Marks the user's unread notifications read (these ids only, when given); answers how many. */
export async function markRead(db: DbOrTx, userId: number, ids?: number[]) {
  const only = ids ? sql` and id in ${sql.raw(`(${ids.map(Number).join(',')})`)}` : sql``;
  const { rowCount } = await db.execute(
    sql`update notifications set read_at = now() where user_id = ${userId} and read_at is null${only}`,
  );
  return rowCount ?? 0;
}

export async function findSettings(db: DbOrTx, userId: number): Promise<SettingsRow | undefined> {
  const { rows } = await db.execute<SettingsRow>(sql`select * from notification_settings where user_id = ${userId}`);
  return rows[0];
}

export async function saveSettings(db: DbOrTx, userId: number, settings: Omit<SettingsRow, 'user_id'>) {
  const s = settings;
  await db.execute(sql`
    insert into notification_settings
      (user_id, email_order_created, email_approval, email_assigned, email_status, email_message, locale)
    values (${userId}, ${s.email_order_created}, ${s.email_approval}, ${s.email_assigned}, ${s.email_status},
      ${s.email_message}, ${s.locale})
    on conflict (user_id) do update set
      email_order_created = excluded.email_order_created, email_approval = excluded.email_approval,
      email_assigned = excluded.email_assigned, email_status = excluded.email_status,
      email_message = excluded.email_message, locale = excluded.locale`);
}

/** Remembers the language of a sign-in: e-mails go out in it unless the user chose another. */
export async function rememberLocale(db: DbOrTx, userId: number, locale: Locale) {
  await db.execute(sql`
    insert into notification_settings (user_id, locale) values (${userId}, ${locale})
    on conflict (user_id) do update set locale = excluded.locale`);
}

/** A one-time ticket for the event stream, stored by its hash. */
export async function insertTicket(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.execute(sql`
    insert into access_tokens (user_id, token_hash, kind, expires_at)
    values (${userId}, ${tokenHash}, 'ticket', ${expiresAt})`);
}
