// Runs the browser journeys against the real app: builds the web app when its build is missing or
// older than its sources, starts apps/server on a free port with a fresh embedded database (demo
// seed), waits for /api/health, runs Playwright, stops the server and exits with Playwright's code.
// Extra arguments go to `playwright test` (e.g. `npm test -w e2e -- tests/shell.spec.ts`).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SELLER_ENV } from '../apps/server/src/test/seller.ts';
import { freePort } from '../bench/lib/server.ts';
import { findChromium } from './support/chromium.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const resultsDir = path.join(here, 'test-results');
const summaryFile = path.join(resultsDir, 'summary.json');
const jsonReport = path.join(resultsDir, 'results.json');
const playwrightCli = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@playwright/test/package.json')),
  'cli.js',
);
const extraArgs = process.argv.slice(2);

interface Summary {
  passed: number;
  failed: number;
  skipped: number;
  /** Titles of the tests that failed, and of those that passed only on their retry. */
  failures?: string[];
  flaky?: string[];
  note?: string;
}

function writeSummary(summary: Summary): void {
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(summaryFile, `${JSON.stringify(summary)}\n`);
}

function playwright(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync(process.execPath, [playwrightCli, ...args], { cwd: here, env, stdio: 'pipe', encoding: 'utf8' });
}

/** How many tests the run would have: a skipped run still reports them, as skipped. */
function countTests(): number {
  const listed = playwright(['test', '--list', '--reporter=json', ...extraArgs], process.env);
  try {
    const report = JSON.parse(listed.stdout) as { suites?: Suite[] };
    return countSpecs(report.suites ?? []);
  } catch {
    return 0;
  }
}

interface Suite {
  specs?: { tests?: unknown[] }[];
  suites?: Suite[];
}
function countSpecs(suites: Suite[]): number {
  let n = 0;
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) n += spec.tests?.length ?? 1;
    n += countSpecs(suite.suites ?? []);
  }
  return n;
}

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Builds apps/web unless dist/index.html is newer than everything the build reads. */
function ensureWebBuild(): void {
  const web = path.join(root, 'apps/web');
  const built = path.join(web, 'dist/index.html');
  const sources = [
    path.join(web, 'src'),
    path.join(web, 'public'),
    path.join(web, 'index.html'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'package.json'),
    path.join(root, 'packages/shared/src'),
  ];
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt > 0 && builtAt >= Math.max(...sources.map(newestMtime))) {
    console.log('e2e: web build is up to date');
    return;
  }
  console.log('e2e: building the web app (npm run build -w apps/web)');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the web build failed (exit ${build.status})`);
}

async function waitForHealth(baseUrl: string, server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) break;
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
  throw new Error(`the server did not answer /api/health (exit code ${server.exitCode}). Last log lines:\n${log}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

async function main(): Promise<number> {
  fs.rmSync(summaryFile, { force: true });
  const chromium = findChromium();
  if (!chromium) {
    const skipped = countTests();
    writeSummary({ passed: 0, failed: 0, skipped, note: 'chromium not found' });
    console.log(`SKIPPED: chromium not found (apt-get install chromium) - ${skipped} browser tests not run`);
    return 0;
  }
  ensureWebBuild();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wop-e2e-'));
  fs.mkdirSync(resultsDir, { recursive: true });
  const logFile = path.join(resultsDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    // Sign-in through a chain's provider: the provider a spec starts runs on this machine, over http,
    // and sends the browser back here.
    PUBLIC_URL: baseUrl,
    OIDC_ALLOW_PRIVATE: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    // Maintenance plans' orders are generated every few seconds rather than every minute, so that a
    // spec sees the order of a plan it made without waiting for the minute to turn.
    PLAN_GENERATE_SECONDS: '5',
    // The service company on the invoices (their PDF and Peppol XML), as in the server's tests.
    ...SELLER_ENV,
  };
  // Always the embedded database: a DATABASE_URL in the environment must never get demo data.
  delete serverEnv.DATABASE_URL;
  // A private copy of the build: another build in the same tree (vite empties dist first) must not
  // pull the files from under a running suite.
  const webDist = path.join(dataDir, 'web');
  fs.cpSync(path.join(root, 'apps/web/dist'), webDist, { recursive: true });
  serverEnv.WEB_DIST = webDist;
  const started = Date.now();
  const server = spawn(process.execPath, [path.join(root, 'apps/server/src/server.ts')], {
    cwd: path.join(root, 'apps/server'),
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  const stopOnSignal = (signal: NodeJS.Signals) => {
    void stopServer(server).then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);

  try {
    await waitForHealth(baseUrl, server, logFile);
    console.log(`e2e: server ready on ${baseUrl} in ${Date.now() - started} ms (data in ${dataDir})`);
    const run = spawnSync(process.execPath, [playwrightCli, 'test', ...extraArgs], {
      cwd: here,
      stdio: 'inherit',
      env: { ...process.env, E2E_BASE_URL: baseUrl, E2E_JSON_REPORT: jsonReport, CHROMIUM_PATH: chromium },
    });
    const code = run.status ?? 1;
    writeSummary(summaryFromReport(code));
    return code;
  } finally {
    await stopServer(server);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

interface ReportSuite {
  title: string;
  specs?: { title: string; tests?: { status: string }[] }[];
  suites?: ReportSuite[];
}

/** Titles (file › describe › test) of the tests whose outcome is `status` in Playwright's JSON report. */
function titlesWith(suites: ReportSuite[], status: string, path: string[] = []): string[] {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests?.some((test) => test.status === status))
      .map((spec) => [...path, suite.title, spec.title].join(' › ')),
    ...titlesWith(suite.suites ?? [], status, [...path, suite.title]),
  ]);
}

/** Playwright's JSON report stats, as passed / failed / skipped, with the failed and flaky titles. */
function summaryFromReport(code: number): Summary {
  try {
    const { stats, suites } = JSON.parse(fs.readFileSync(jsonReport, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number; skipped: number };
      suites: ReportSuite[];
    };
    return {
      passed: stats.expected + stats.flaky,
      failed: stats.unexpected,
      skipped: stats.skipped,
      failures: titlesWith(suites, 'unexpected'),
      flaky: titlesWith(suites, 'flaky'),
    };
  } catch {
    return { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, note: 'no JSON report' };
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    writeSummary({ passed: 0, failed: 1, skipped: 0, note: 'harness error' });
    process.exit(1);
  },
);
