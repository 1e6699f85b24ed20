/**
 * Hostile input (test/hostile.ts) against every route of the OpenAPI document, as every role
 * (api-contract, "Second wave", Robustness). No answer may be a 5xx, every answer must be one the
 * document lists with its schema, and after each route a normal signed-in request must still work.
 * FUZZ_RUNS (default 4) sets the requests per route and role; FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type DemoUser, tokenFor } from './app.ts';
import { casesOf, operationsOf, SIGNED_IN_SKIP } from './hostile.ts';
import { assertDocumented } from './openapi-check.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const ENGINE = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const ROLES: (DemoUser | 'anonymous')[] = [
  'anonymous',
  'superAdmin',
  'admin',
  'chainAdmin',
  'director',
  'store',
  'tech',
];
const app = await createTestApp();
await app.ready();
const openapi = app.swagger() as OpenAPIV3.Document;
const operations = operationsOf(openapi);
const tokens: Partial<Record<DemoUser, string>> = {};
let requests = 0;
let serverErrors = 0;

beforeAll(async () => {
  // Signed in before anything else: the hostile logins that follow trip the sign-in throttle.
  for (const role of ROLES) if (role !== 'anonymous') tokens[role] = await tokenFor(app, role);
  return () => {
    console.log(
      `fuzz on ${ENGINE}: ${requests} hostile requests to ${operations.length} routes as ${ROLES.length} roles (seed ${SEED}), ${serverErrors} answered 5xx`,
    );
  };
});

describe(`hostile input to every route as every role (${ENGINE})`, () => {
  it.each(operations)('$name', async ({ name, method, path, operation }) => {
    const cases = casesOf(path, method, operation);
    for (const role of ROLES) {
      if (role !== 'anonymous' && SIGNED_IN_SKIP.has(name)) continue;
      await fc.assert(
        fc.asyncProperty(cases, async ({ url, query, sent }) => {
          const auth: Record<string, string> = role === 'anonymous' ? {} : { authorization: `Bearer ${tokens[role]}` };
          const res = await app.inject({
            method: method as 'GET',
            url,
            query,
            headers: { ...sent.headers, ...auth },
            payload: sent.payload,
          });
          requests++;
          if (res.statusCode >= 500) serverErrors++;
          expect(res.statusCode, `${method} ${url} as ${role}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
          assertDocumented(app, method, url, res);
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
      // The next normal request still works.
      const after = await app.inject({
        method: 'GET',
        url: '/api/profile',
        headers: { authorization: `Bearer ${tokens.superAdmin}` },
      });
      expect(after.statusCode, `${DEMO.superAdmin} after ${name} as ${role}`).toBe(200);
    }
  });
});
