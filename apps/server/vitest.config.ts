import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The planner tier (`*.planner.test.ts`, `npm run test:planner`): tests that pin PostgreSQL's planner
 * counters, which an upgrade of PostgreSQL may change. PostgreSQL only, and not in `npm test`; CI runs
 * it in its PostgreSQL pass.
 */
const planner = process.env.TEST_TIER === 'planner';

export default defineConfig({
  test: {
    include: planner ? ['src/**/*.planner.test.ts'] : ['src/**/*.test.ts'],
    exclude: planner ? ['**/node_modules/**'] : ['**/node_modules/**', 'src/**/*.planner.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // Vitest's default on two cores is one worker, which leaves the cores idle while a test waits on a
    // socket, a timer or a child process: two at least (344 s -> 168 s for the suite on two cores).
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Each file gets its own database (a copy of the template) and its own app; the modules themselves
    // hold no state that outlives an app, so a worker loads them once instead of once per file (the
    // import was 43% of the suite's time). Keep it so: no module-level caches, no vi.mock.
    isolate: false,
  },
});
