/**
 * The bundle budgets, gzip-compressed scripts: the sign-in page within 150 KB (the aim is 100 KB), each
 * role's signed-in first screen within 220 KB (issue 43). Reads the Vite manifest of the last build
 * (`npm run build`), follows the static imports of what each loads and prints the figures; exits 1 when
 * one is over budget. e2e/tests/first-screen.spec.ts holds the first screens to it in a browser too.
 *
 *   node apps/web/scripts/bundle-budget.ts [--verbose]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

export const SIGN_IN_BUDGET_BYTES = 150 * 1000;
const AIM_BYTES = 100 * 1000;
export const FIRST_SCREEN_BUDGET_BYTES = 220 * 1000;

/**
 * What a signed-in first screen loads besides the sign-in page's scripts (less their part of the language) and
 * the page itself: the whole language in one file (main.tsx) and the installable app's worker.
 */
const SIGNED_IN = ['src/locales/en.all.ts', 'src/lib/pwa.ts'];
/**
 * The first screens (src/app/router/pages.ts): the shell, the order list, the welcome page and the figures
 * above them are one module behind one dynamic import (src/app/router/first-screens.ts).
 */
const FIRST_SCREENS: Record<string, string> = {
  '/ and /orders (every role)': 'src/app/router/first-screens.ts',
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The translations chunk of the default language (src/lib/i18n.ts loads it before the first render). */
const DEFAULT_LANGUAGE_CHUNK = 'src/locales/en.ts';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** The files of `keys` and of everything they import statically, in load order, each once. */
export function staticClosure(manifest: Manifest, keys: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file);
}

/** What a first visit to the sign-in page fetches before it shows: the scripts index.html names (and what they
 * import), plus the translations of the default language, which the entry loads before the first render. */
export function signInScripts(manifest: Manifest, html: string): string[] {
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+\.js)"/g)].map((match) => match[1]);
  if (named.length === 0) throw new Error('index.html names no script');
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  // The start hints (vite.config.ts, `startHints`) are an asset, not a chunk: counted as they are.
  const assets = named.filter((file) => !byFile.has(file));
  const keys = [...named.flatMap((file) => byFile.get(file) ?? []), DEFAULT_LANGUAGE_CHUNK];
  return [...assets, ...staticClosure(manifest, keys)];
}

const gzipSize = (file: string) =>
  zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: zlib.constants.Z_BEST_COMPRESSION }).length;

function measure(files: string[], label: string, budget: number, aim?: number): boolean {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const size = fs.statSync(path.join(dist, file)).size;
    const compressed = gzipSize(file);
    raw += size;
    gzip += compressed;
    if (process.argv.includes('--verbose')) console.log(`  ${file}: ${kb(size)} raw, ${kb(compressed)} gzip`);
  }
  const verdict = gzip <= budget ? 'within budget' : 'OVER BUDGET';
  const limits = aim ? `budget ${kb(budget)}, aim ${kb(aim)}` : `budget ${kb(budget)}`;
  console.log(`${label}: ${files.length} files, ${kb(raw)} raw, ${kb(gzip)} gzip (${limits}): ${verdict}`);
  return gzip <= budget;
}

function main() {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    console.error(`no ${path.relative(process.cwd(), manifestFile)}: build the web app first (npm run build)`);
    process.exit(1);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const signIn = signInScripts(manifest, fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));
  let ok = measure(signIn, 'sign-in page scripts', SIGN_IN_BUDGET_BYTES, AIM_BYTES);
  const signedInStart = signIn.filter((file) => file !== manifest[DEFAULT_LANGUAGE_CHUNK]?.file);
  for (const [screen, page] of Object.entries(FIRST_SCREENS)) {
    const files = [...new Set([...signedInStart, ...staticClosure(manifest, [...SIGNED_IN, page])])];
    ok = measure(files, `first screen ${screen} scripts`, FIRST_SCREEN_BUDGET_BYTES) && ok;
  }
  if (!ok) process.exit(1);
}

function kb(bytes: number) {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
