import { useState } from 'react';
import { useCurrentUser } from './current-user.ts';
import { DRAFT_PREFIX, readStorage, writeStorage } from './storage.ts';

/**
 * Drafts: what a user typed into a form, kept in this browser under the user's id until it is sent
 * or discarded, so that a reload, a lost connection or an expired session loses nothing.
 */

interface Stored<T> {
  values: T;
  saved_at: string;
}

const keyOf = (userId: number, name: string) => `${DRAFT_PREFIX}${userId}.${name}` as const;

export function readDraft<T>(userId: number, name: string): Stored<T> | null {
  const text = readStorage(keyOf(userId, name));
  if (!text) return null;
  try {
    const stored = JSON.parse(text) as Stored<T>;
    return stored && typeof stored === 'object' && 'values' in stored ? stored : null;
  } catch {
    return null;
  }
}

export function writeDraft<T>(userId: number, name: string, values: T | null): void {
  const stored: Stored<T> | null = values === null ? null : { values, saved_at: new Date().toISOString() };
  writeStorage(keyOf(userId, name), stored === null ? null : JSON.stringify(stored));
}

export interface Draft<T> {
  /** The draft found when the form opened, or null. */
  restored: Stored<T> | null;
  /** Keeps the values (an empty form removes the draft). */
  save: (values: T) => void;
  /** Forgets the draft: after sending, or when the user throws it away. */
  discard: () => void;
}

/** The signed-in user's draft of the form `name` (e.g. `order-create`, `chat.42`). */
export function useDraft<T>(name: string, isEmpty: (values: T) => boolean): Draft<T> {
  const { id } = useCurrentUser();
  const [restored] = useState(() => readDraft<T>(id, name));
  return {
    restored,
    save: (values) => writeDraft(id, name, isEmpty(values) ? null : values),
    discard: () => writeDraft(id, name, null),
  };
}
