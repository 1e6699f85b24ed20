// Zod probes `new Function` when it builds an object schema, to compile a fast parser; the
// Content-Security-Policy refuses eval, and the browser reports each probe. Shared schemas are built
// when their module loads, so Zod must be told before any of them: main.tsx imports this first.
// Zod keeps its settings on `globalThis.__zod_globalConfig` and adopts an object already there, so
// this costs the sign-in page no Zod code; lib/forms.ts also sets it through Zod's own `z.config`,
// and e2e/tests/csp.spec.ts fails on any probe.
const zodConfig = '__zod_globalConfig';
const scope = globalThis as { [zodConfig]?: { jitless?: boolean } };
scope[zodConfig] = { ...scope[zodConfig], jitless: true };
