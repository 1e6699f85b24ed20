import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { DEFAULT_LOCALE, LOCALES, LOGIN_PATHS } from '@wop/shared/constants';
import { minifySync, type Plugin, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './scripts/precompress.ts';
import { STORAGE_KEYS } from './src/lib/storage.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/** Files of public/ the installed app needs offline. */
const PUBLIC_SHELL = ['/manifest.webmanifest', '/icons/icon-192.png'];

/**
 * What the first page loads: the files index.html names (scripts, styles), what those scripts import,
 * the translations (one chunk per language, one of them fetched before the first render), and the
 * toast container, which loads with the first toast: offline that may be the first thing to show.
 */
const SHELL_CHUNKS = [/\/src\/locales\/[a-z]+\.ts$/, /\/@mantine\/notifications\/esm\/index\.mjs$/];

/**
 * The pages a technician reads on the job, kept with the shell: an order first tapped without a
 * connection (in a cellar, after the list was opened at the depot) then opens from the worker's cache
 * instead of failing to load its code. The orders' data are kept as they are fetched (service-worker.js).
 */
const OFFLINE_PAGES = [
  // The order list, the welcome page and the figures, with the shell.
  /\/src\/app\/router\/first-screens\.ts$/,
  /\/src\/features\/orders\/pages\/OrderDetailPage\.tsx$/,
];

/** The signed-in shell and the pages that are some role's first screen (src/app/router/pages.ts). */
const FIRST_SCREEN = /\/src\/app\/router\/first-screens\.ts$/;

/**
 * What only the sign-in page loads, once it shows: the sign-in form's checks, with the validation library.
 * The signed-in first screens validate nothing before their first render and do not load it.
 */
const SIGN_IN_CHECKS = /\/src\/features\/auth\/components\/login-checks\.ts$/;

/** The hashed files index.html names (its scripts and styles), as bundle file names. */
function htmlFiles(bundle: Rolldown.OutputBundle): string[] {
  const html = bundle['index.html'];
  const page = html?.type === 'asset' ? String(html.source) : '';
  return [...page.matchAll(/(?:src|href)="\/(static\/[^"]+)"/g)].map(([, name]) => name);
}

function shellFiles(bundle: Rolldown.OutputBundle): string[] {
  const files = new Set<string>();
  const visit = (name: string) => {
    const file = bundle[name];
    if (!file || files.has(name)) return;
    files.add(name);
    if (file.type !== 'chunk') return;
    for (const css of file.viteMetadata?.importedCss ?? []) files.add(css);
    for (const child of file.imports) visit(child);
  };
  for (const name of htmlFiles(bundle)) visit(name);
  if (files.size === 0) throw new Error('index.html names no script: the service worker would have no app to keep');
  for (const file of Object.values(bundle)) {
    const id = file.type === 'chunk' ? (file.facadeModuleId ?? '') : '';
    if ([...SHELL_CHUNKS, ...OFFLINE_PAGES].some((pattern) => pattern.test(id))) visit(file.fileName);
  }
  return [...files].sort().map((file) => `/${file}`);
}

/**
 * Writes /sw.js: src/lib/service-worker.js after `const BUILD = { version, precache }`, the list of
 * the app shell's files of this build. The version names the worker's cache, so a new deploy
 * installs a new worker, which drops the caches of older ones.
 */
function serviceWorker(): Plugin {
  const source = fileURLToPath(new URL('./src/lib/service-worker.js', import.meta.url));
  return {
    name: 'wop:service-worker',
    apply: 'build',
    // After Vite's own plugins, which drop the empty entry chunk of index.html from the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const worker = fs.readFileSync(source, 'utf8');
      const precache = ['/', ...PUBLIC_SHELL, ...shellFiles(bundle)];
      const version = createHash('sha256').update(precache.join('\n')).update(worker).digest('hex').slice(0, 12);
      const build = `const BUILD = ${JSON.stringify({ version, precache })};\n`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: build + worker });
    },
  };
}

/**
 * Writes src/lib/start-hints.js (after `const START = {...}`, this build's file names) into index.html before
 * the app's scripts: from the session and language this browser keeps, it asks for the first screens' chunks,
 * the language and the profile with the boot script instead of after it.
 */
function startHints(): Plugin {
  const source = fileURLToPath(new URL('./src/lib/start-hints.js', import.meta.url));
  return {
    name: 'wop:start-hints',
    apply: 'build',
    // After Vite's own plugins, which write index.html; before the worker's, which keeps what index.html names.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('no index.html in the bundle');
      const named = new Set(htmlFiles(bundle));
      const byModule = (pattern: RegExp) => {
        const chunk = Object.values(bundle).find(
          (file) => file.type === 'chunk' && pattern.test(file.facadeModuleId ?? ''),
        );
        if (!chunk) throw new Error(`no chunk for ${pattern}`);
        return chunk.fileName;
      };
      // A dynamic entry's file and what it imports, less what index.html loads already.
      const closure = (...patterns: RegExp[]) => {
        const files = new Set<string>();
        const visit = (name: string) => {
          const file = bundle[name];
          if (!file || files.has(name) || named.has(name)) return;
          files.add(name);
          if (file.type === 'chunk') for (const child of file.imports) visit(child);
        };
        for (const pattern of patterns) visit(byModule(pattern));
        return [...files].map((file) => `/${file}`);
      };
      const start = {
        signedIn: closure(FIRST_SCREEN),
        languages: Object.fromEntries(
          LOCALES.map((lng) => [
            lng,
            {
              signIn: closure(new RegExp(`/src/locales/${lng}\\.ts$`)),
              all: closure(new RegExp(`/src/locales/${lng}\\.all\\.ts$`)),
            },
          ]),
        ),
        defaultLanguage: DEFAULT_LOCALE,
        loginPaths: LOGIN_PATHS,
        keys: {
          token: STORAGE_KEYS.token,
          tokenExpiresAt: STORAGE_KEYS.tokenExpiresAt,
          language: STORAGE_KEYS.language,
        },
      };
      const script = minifySync(
        'start.js',
        `const START = ${JSON.stringify(start)};\n${fs.readFileSync(source, 'utf8')}`,
      ).code;
      // In the page itself, before the app's scripts: it runs as the page is read, and the first screen's files start
      // with the boot script's, not a round trip after this script's own request. The server allows this script, and
      // no other inline one, by its hash in the content security policy (apps/server/src/plugins/security.ts).
      const tag = `<script>${script.trim()}</script>\n    `;
      const page = String(html.source);
      const at = page.indexOf('<script type="module"');
      if (at < 0) throw new Error('index.html names no module script');
      html.source = page.slice(0, at) + tag + page.slice(at);
    },
  };
}

/**
 * Imports of the UI kit served by our own modules: `source` imported from a file whose path matches `importer`
 * resolves to `module` (under src/lib).
 * - The ScrollArea (inside every table and the sidebar) imports one small hook from @floating-ui/react, a single
 *   46 KB module that dropdowns, menus and tooltips need whole: that one import is src/lib/merge-refs.ts, so the
 *   library loads only with those.
 * - The kit's `useId` renders each component that uses it once more after it mounts, synchronously, before the page
 *   paints: it is src/lib/use-id.ts in the build and the tests (which load the kit through Vite for it; the dev
 *   server's pre-bundled copy keeps the kit's own).
 */
const KIT_REDIRECTS = [
  { source: '@floating-ui/react', importer: /\/ScrollArea\/ScrollArea\.mjs$/, module: 'merge-refs.ts' },
  { source: './use-id/use-id.mjs', importer: /\/@mantine\/hooks\/esm\/index\.mjs$/, module: 'use-id.ts' },
];

function kitRedirects(): Plugin {
  return {
    name: 'wop:kit-redirects',
    enforce: 'pre',
    resolveId(source, importer) {
      const redirect = KIT_REDIRECTS.find((r) => r.source === source && r.importer.test(importer ?? ''));
      return redirect ? fileURLToPath(new URL(`./src/lib/${redirect.module}`, import.meta.url)) : null;
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), kitRedirects(), startHints(), serviceWorker(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Source maps would publish the source; the server refuses *.map anyway.
    sourcemap: false,
    // Hashed files under /static/: /assets/ is the app's own (the asset register, where labels' QR codes lead).
    assetsDir: 'static',
    // dist/.vite/manifest.json: which chunks each entry and lazy page loads (the bundle budget reads it).
    manifest: true,
    // No polyfill for <link rel="modulepreload"> (0.2 KB gzip of the sign-in page): of the browsers the build is for
    // (Vite's default, Chromium 111, Firefox 114, Safari 16.4 on) only Safari 16 lacks it, and there the page
    // fetches the same files, only once its scripts ask for them.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What the first page needs is one chunk, not dozens of small shared ones: on a slow line
        // each extra file costs a round trip, and small files compress worse.
        // Likewise the signed-in shell and every role's first screen (the order list, the welcome page,
        // the figures above them) are one chunk with all they import: fetched at once with the profile.
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 5 },
            // Above the sign-in checks: what the first screens share with them or with the installable app's worker
            // (the date checks, the offline state) is in the first-screen chunk, so that a signed-in first screen
            // waits for no third file before its paint. The sign-in page loads that chunk after its paint, with its
            // checks and the worker: the code of the screen that follows a sign-in. Were the validation library
            // shared, it would come here too, and the first-screen budget (scripts/bundle-budget.ts) would say so.
            { name: 'first-screen', test: FIRST_SCREEN, priority: 3 },
            { name: 'sign-in-checks', test: SIGN_IN_CHECKS, priority: 2 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    testTimeout: 15_000,
    // Two workers at least (Vitest's default on two cores is one), and each loads the modules once
    // rather than once per file: 127 s -> 32 s on two cores. src/test/setup.ts resets what a module
    // keeps between tests (storage, language, time zone, live status).
    maxWorkers: Math.max(2, os.availableParallelism()),
    isolate: false,
    // Through Vite, so that the tests render with the useId the build ships (kitRedirects above).
    server: { deps: { inline: [/@mantine\//] } },
  },
});
