import type { AuthUser } from './scope.ts';

export interface SignIn {
  user: AuthUser;
  /** The id of the session token (null for a download token). */
  sessionId: number | null;
}

interface Remembered {
  signIn: SignIn;
  /** Until the token expires, and no longer than MEMORY_MS from when it was read. */
  until: number;
}

/** How long a sign-in is remembered at most, should a change ever fail to reach this instance. */
export const MEMORY_MS = 30_000;
/** How many sessions are remembered at most (the least recently used go first). */
const MAX_SESSIONS = 10_000;

/**
 * Sessions' sign-ins, by token hash, remembered while this instance hears of every change to them
 * (`live`: its LISTEN connection is up). Whatever a sign-in was read before a change, and is only
 * handed in after it, is never remembered: each read starts with `mark()` and hands that mark in.
 */
export class SignInMemory {
  private readonly entries = new Map<string, Remembered>();
  private changes = 0;
  private isLive = false;
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  get live() {
    return this.isLive;
  }

  /** Remembers from now on (true) or forgets everything and remembers nothing (false). */
  set live(live: boolean) {
    this.forget();
    this.isLive = live;
  }

  get size() {
    return this.entries.size;
  }

  get(hash: string): SignIn | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    this.entries.delete(hash);
    if (!this.isLive || entry.until <= this.now()) return undefined;
    this.entries.set(hash, entry);
    return entry.signIn;
  }

  /** To hand in with a sign-in read from the database after it. */
  mark(): number {
    return this.changes;
  }

  remember(hash: string, signIn: SignIn, expiresAt: Date, mark: number) {
    if (!this.isLive || mark !== this.changes) return;
    this.entries.delete(hash);
    this.entries.set(hash, { signIn, until: Math.min(expiresAt.getTime(), this.now() + MEMORY_MS) });
    if (this.entries.size > MAX_SESSIONS) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Forgets one user's sessions, or (without one) everyone's. */
  forget(userId?: number) {
    this.changes++;
    if (userId === undefined) {
      this.entries.clear();
      return;
    }
    for (const [hash, entry] of this.entries) if (entry.signIn.user.id === userId) this.entries.delete(hash);
  }
}
