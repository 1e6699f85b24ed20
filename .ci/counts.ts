// Reads one suite's counts for .ci/run and prints "passed failed skipped" (or "missing").
//   node .ci/counts.ts vitest <log> <workspace>   the section of `npm test` output run in that workspace
//   node .ci/counts.ts e2e <summary.json>          written by e2e/run-e2e.ts
//   node .ci/counts.ts e2e-titles <summary.json>   the browser tests that failed, or passed only on retry
import fs from 'node:fs';

const [mode, file, workspace] = process.argv.slice(2);

function print(passed: number, failed: number, skipped: number): void {
  console.log(`${passed} ${failed} ${skipped}`);
}

function count(line: string, word: string): number {
  const match = new RegExp(`(\\d+) ${word}`).exec(line);
  return match ? Number(match[1]) : 0;
}

if (!fs.existsSync(file)) {
  console.log('missing');
} else if (mode === 'e2e-titles') {
  const summary = JSON.parse(fs.readFileSync(file, 'utf8')) as { failures?: string[]; flaky?: string[] };
  for (const title of summary.failures ?? []) console.log(`    failed: ${title}`);
  for (const title of summary.flaky ?? []) console.log(`    passed on retry: ${title}`);
} else if (mode === 'e2e') {
  const summary = JSON.parse(fs.readFileSync(file, 'utf8')) as { passed: number; failed: number; skipped: number };
  print(summary.passed, summary.failed, summary.skipped);
} else {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips terminal colours
  const text = fs.readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  // npm prints "> @wop/server@0.1.0 test" before each workspace's script; a log of one suite has no header.
  const sections = text.split(/^> (?=@wop\/)/m);
  const section = workspace ? sections.find((s) => s.startsWith(`${workspace}@`)) : text;
  const tests = section?.match(/^\s*Tests\s+.*$/gm)?.at(-1);
  const files = section?.match(/^\s*Test Files\s+.*$/gm)?.at(-1);
  if (!section || !tests) {
    console.log('missing');
  } else {
    const errors = count(section.match(/^\s*Errors\s+.*$/m)?.[0] ?? '', 'errors?');
    let failed = count(tests, 'failed') + errors;
    // A test file that fails to load has no failed test in it: count the file.
    if (failed === 0) failed = count(files ?? '', 'failed');
    print(count(tests, 'passed'), failed, count(tests, 'skipped') + count(tests, 'todo'));
  }
}
