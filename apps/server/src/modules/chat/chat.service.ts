import type { ChatMessage, SeenMarker, UnreadCount } from '@wop/shared/chat';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import * as notify from '../notifications/notify.ts';
import { userOf } from '../orders/orders.mapping.ts';
import * as repo from './chat.repository.ts';

/** An order the caller may not see answers exactly like one that does not exist. */
const notFound = () => new NotFoundError('chat.order_not_found');

export function createChatService(db: Db) {
  return {
    async list(user: AuthUser, orderId: number, params: { page: number; limit: number }) {
      const rows = await repo.listMessages(db, orderId, scopeOf(user), {
        limit: params.limit,
        offset: (params.page - 1) * params.limit,
      });
      if (!rows) throw notFound();
      const data: ChatMessage[] = [];
      for (const row of rows) {
        if (row.id === null || row.body === null || row.created_at === null) continue;
        data.push({
          id: row.id,
          order_id: row.order_id,
          sender_id: row.sender_id,
          sender: userOf(row.sender_id, row.sender_name),
          body: row.body,
          created_at: new Date(row.created_at).toISOString(),
          own: row.sender_id === user.id,
        });
      }
      return pageOf(data, rows[0].total, params);
    },

    async send(user: AuthUser, orderId: number, body: string): Promise<ChatMessage> {
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertMessage(tx, orderId, scopeOf(user), user.id, body);
        if (inserted) await notify.messageSent(tx, user, orderId, body);
        return inserted;
      });
      if (!row) throw notFound();
      return {
        id: row.id,
        order_id: row.order_id,
        sender_id: row.sender_id,
        sender: { id: user.id, name: user.name },
        body: row.body,
        created_at: new Date(row.created_at).toISOString(),
        own: true,
      };
    },

    async unread(user: AuthUser, orderId: number): Promise<UnreadCount> {
      const count = await repo.unreadCount(db, orderId, user.id, scopeOf(user));
      if (count === undefined) throw notFound();
      return { message_count: count };
    },

    async markSeen(user: AuthUser, orderId: number, upTo?: number): Promise<SeenMarker> {
      const marker = await repo.markSeen(db, orderId, scopeOf(user), user.id, upTo);
      if (!marker) throw notFound();
      return marker;
    },
  };
}
