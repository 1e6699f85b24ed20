/**
 * A fixed-window attempt counter kept in memory (one process). Keys are e.g. `account:<email>`
 * and `address:<ip>`.
 */
export class AttemptLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly max: number;
  private readonly windowMs: number;

  constructor(max: number, windowMs: number) {
    this.max = max;
    this.windowMs = windowMs;
  }

  /** Seconds until the key may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  hit(key: string, now = Date.now()): void {
    const entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.windows.size > 50_000) this.prune(now);
    } else {
      entry.count++;
    }
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private prune(now: number) {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
  }
}
