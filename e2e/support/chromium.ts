import fs from 'node:fs';
import path from 'node:path';

/**
 * Names the Debian packages (and other distributions) install Chromium under, best first.
 * `chromium-headless-shell` (Debian package of the same name, built from the same Chromium) draws pages
 * without the full browser around them: the browser suite takes about a quarter less time on it
 * (docs/decisions/008-browser-tests-on-the-headless-shell.md). `chromium` is the fallback.
 */
const NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser'];

/**
 * The system Chromium: CHROMIUM_PATH when set, else the first of NAMES on PATH.
 * Playwright's own browser downloads are never used (`playwright install` cannot run here).
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    for (const name of NAMES) {
      const candidate = path.join(dir, name);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
