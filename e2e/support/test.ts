import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, closing after each test the browser contexts it opened itself (`browser.newContext()`):
 * a test that fails half-way, or forgets, would otherwise leave its pages open for the rest of the worker's
 * tests, each with its live event stream and timers, on the two cores the next tests need.
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(browser.contexts().map((context) => (before.has(context) ? undefined : context.close())));
    },
    { auto: true },
  ],
});
