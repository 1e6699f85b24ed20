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
import { bodyFieldsOf, casesOf, operationsOf, SIGNED_IN_SKIP } from './hostile.ts';
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

/**
 * Every parameter of every route (path, query and body, whatever its documented type: a text filter
 * may name an id) with the integers at and past the contract's bounds, one at a time, as a
 * super-admin (whose queries reach the database for every id): a value the database cannot hold is
 * a 4xx, never a failed query. Random input rarely hits these exact values.
 */
const EDGES = ['0', '-1', '2147483647', '2147483648', '99999999999', '99999999999999999999'];

describe(`integers at the edges of every parameter (${ENGINE})`, () => {
  it.each(operations.filter(({ name }) => !SIGNED_IN_SKIP.has(name)))('$name', async ({ method, path, operation }) => {
    const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
    const places = [
      ...parameters.map((p) => ({ in: p.in, name: p.name })),
      ...bodyFieldsOf(operation).map((name) => ({ in: 'body', name })),
    ];
    for (const place of places) {
      for (const edge of EDGES) {
        for (const value of place.in === 'body' ? [edge, Number(edge)] : [edge]) {
          const url = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
            place.in === 'path' && name === place.name ? edge : '2',
          );
          const res = await app.inject({
            method: method as 'GET',
            url,
            query: place.in === 'query' ? { [place.name]: edge } : {},
            headers: {
              authorization: `Bearer ${tokens.superAdmin}`,
              ...(place.in === 'body' ? { 'content-type': 'application/json' } : {}),
            },
            payload: place.in === 'body' ? JSON.stringify({ [place.name]: value }) : undefined,
          });
          requests++;
          expect(
            res.statusCode,
            `${method} ${url} ${place.in} ${place.name}=${value}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          assertDocumented(app, method, url, res);
        }
      }
    }
  });
});
