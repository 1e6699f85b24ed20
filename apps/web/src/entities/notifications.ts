/** Every notification query starts with this key; live events refresh them (app/live-events.ts). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const unreadKey = [...NOTIFICATIONS_KEY, 'unread'] as const;
