/** The order chat (spec 3 "Chat message", 4, 5, 9): one schema for the server route and the web form. */
import { z } from 'zod';
import { CHAT_MAX_LENGTH, CHAT_PAGE_SIZE } from './constants.ts';
import { requiredText } from './primitives.ts';

/** POST /api/orders/{id}/messages. The body is plain text: it is never rendered as HTML. */
export const chatMessageBody = z.object({
  body: requiredText(CHAT_MAX_LENGTH),
});
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

export interface ChatMessage {
  id: number;
  order_id: number;
  /** null when the sender's account was deleted. */
  sender_id: number | null;
  sender: { id: number; name: string } | null;
  body: string;
  created_at: string;
  /** Sent by the caller. */
  own: boolean;
}

export interface UnreadCount {
  message_count: number;
}

export interface SeenMarker {
  last_seen_message_id: number;
  message_count: number;
}

/** The panel shows the newest page first and grows it by this many on "load more". */
export const CHAT_LIMIT_STEP = CHAT_PAGE_SIZE;
