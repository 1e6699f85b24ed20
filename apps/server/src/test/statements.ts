import pg from 'pg';
import { vi } from 'vitest';

/**
 * The statements `work` sends whose text matches `match`, as the driver got them: every connection
 * of a pool is a pg.Client, and its query() is where each statement leaves.
 */
export async function statementsSent(work: () => Promise<unknown>, match: RegExp): Promise<pg.QueryConfig[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  let calls: unknown[][];
  try {
    await work();
  } finally {
    calls = [...spy.mock.calls];
    spy.mockRestore();
  }
  return calls
    .map(([config]) => config)
    .filter((config): config is pg.QueryConfig => typeof config === 'object' && config !== null && 'text' in config)
    .filter((config) => match.test(config.text));
}
