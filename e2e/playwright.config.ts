import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './support/chromium.ts';

// run-e2e.ts starts the real server and passes its address; by hand, point E2E_BASE_URL at a running one.
const baseURL = process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000';
const chromium = findChromium();

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  outputDir: './test-results/artifacts',
  fullyParallel: true,
  forbidOnly: true,
  // CI's two shared cores sometimes stretch one step past its timeout: a test gets one more try there,
  // and run-e2e.ts names every test that needed it (a test failing twice still fails the run).
  retries: process.env.CI ? 1 : 0,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // On CI the two workers' browsers, the server and its database share two cores: a full page load
  // there has been seen to take 7 s of CPU before the page shows (the API answering in ms), so the
  // waits are twice as long as on a workstation. A real failure still fails, only later.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 15_000 : 7_000 },
  reporter: [
    [process.env.CI ? 'line' : 'list'],
    ['json', { outputFile: process.env.E2E_JSON_REPORT ?? './test-results/results.json' }],
  ],
  use: {
    baseURL,
    headless: true,
    // Recording a trace films the page all along, which doubled the suite's time on CI's two cores: there a
    // trace is kept of the retry of a failed test (what failed twice), elsewhere of any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-GB',
    // Each new context would install the service worker and fetch the whole app shell into its cache:
    // work no journey needs. tests/pwa.spec.ts allows it.
    serviceWorkers: 'block',
    timezoneId: 'Europe/Stockholm',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // The Debian package's browser, never a Playwright download.
          executablePath: chromium ?? undefined,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});
