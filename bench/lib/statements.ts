// The statements a timed piece of work sends to the database, each with its time as the app waits for it
// (from the call to its answer: the round trip, the database's work and the wait for the event loop).
import pg from 'pg';

interface Seen {
  text: string;
  ms: number;
}

/** A statement's first line, its spaces squeezed: enough to tell the statements of a route apart. */
const label = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 90);

/**
 * Records every statement of every connection (pg.Client.prototype.query, which the pool and drizzle
 * both go through) while `recording` is on. `report(n)` gives, for each statement in the order first
 * seen, how many times it ran per piece of work (of `n`) and its median and 99th-percentile time.
 */
export function recordStatements() {
  const seen: Seen[] = [];
  let recording = false;
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (!recording) return query.apply(this, args);
    const first = args[0] as string | { text: string };
    const text = label(typeof first === 'string' ? first : first.text);
    const t0 = performance.now();
    const done = () => seen.push({ text, ms: performance.now() - t0 });
    // The pool's own queries (pool.query) pass a callback; drizzle's wait for the promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...answer: unknown[]) => {
        done();
        return callback(...answer);
      };
      return query.apply(this, args);
    }
    return (query.apply(this, args) as Promise<unknown>).then((value) => {
      done();
      return value;
    });
  } as typeof pg.Client.prototype.query;

  return {
    set recording(on: boolean) {
      recording = on;
    },
    report(pieces: number) {
      const byText = new Map<string, number[]>();
      for (const { text, ms } of seen) {
        const times = byText.get(text) ?? [];
        times.push(ms);
        byText.set(text, times);
      }
      const at = (times: number[], p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
      return [...byText].map(([text, times]) => {
        times.sort((a, b) => a - b);
        return {
          statement: text,
          per_run: Number((times.length / pieces).toFixed(2)),
          p50_ms: Number(at(times, 0.5).toFixed(2)),
          p99_ms: Number(at(times, 0.99).toFixed(2)),
        };
      });
    },
  };
}
