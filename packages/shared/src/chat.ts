/** The order chat (spec 3 "Chat message", 4, 5, 9): one schema for the server route and the web form. */
import { z } from 'zod';
import { CHAT_MAX_LENGTH, CHAT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.ts';
import { int4, requiredText } from './primitives.ts';
import { filterId, optional } from './query.ts';

/** POST /api/orders/{id}/messages. The body is plain text: it is never rendered as HTML. */
export const chatMessageBody = z.object({
  body: requiredText(CHAT_MAX_LENGTH),
});
export type ChatMessageBody = z.infer<typeof chatMessageBody>;

export const chatMessageSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  /** null when the sender's account was deleted. */
  sender_id: z.number().nullable(),
  sender: z.object({ id: z.number(), name: z.string() }).nullable(),
  body: z.string(),
  created_at: z.string(),
  /** Sent by the caller. */
  own: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const unreadCountSchema = z.object({ message_count: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const seenMarkerSchema = z.object({ last_seen_message_id: z.number(), message_count: z.number() });
export type SeenMarker = z.infer<typeof seenMarkerSchema>;

/** The panel shows the newest page first and grows it by this many on "load more". */
export const CHAT_LIMIT_STEP = CHAT_PAGE_SIZE;

/** Newest page first; the panel asks for 10 and grows the limit by 10 (spec 4, 9). */
export const chatMessagesQuery = z.object({
  page: optional(int4(1)).transform((value) => value ?? 1),
  limit: optional(int4(1, MAX_PAGE_SIZE)).transform((value) => value ?? CHAT_PAGE_SIZE),
});
/** Optional: mark only up to the newest message the user was shown (default: the newest of the order). */
export const chatSeenBody = z.object({ message_id: filterId() }).nullish();
