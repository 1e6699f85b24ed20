/**
 * Hostile input against every route of the OpenAPI document, as every role (api-contract, "Second
 * wave", Robustness): random and hostile values (control characters, huge and negative numbers,
 * impossible dates, wrong types, malformed JSON and multipart, wrong content types) in the path,
 * the query and the body. No answer may be a 5xx, every answer must be one the document lists with
 * its schema, and after each route a normal signed-in request must still work.
 * FUZZ_RUNS (default 4) sets the requests per route and role; FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type DemoUser, tokenFor } from './app.ts';
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
/** Signed in, these end the session the next requests use, or hold the request open (an event stream). */
const SIGNED_IN_SKIP = new Set(['POST /api/auth/logout', 'GET /api/events']);
/** Field names of the multipart routes, which the document describes in words. */
const MULTIPART_FIELDS = [
  'chain_id',
  'region_id',
  'store_id',
  'worktype_id',
  'priority',
  'description',
  'title',
  'category_name',
  'sub_title',
];

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202e\u0007',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '1.5',
    '2147483648',
    '-2147483649',
    '99999999999999999999',
    '0x10',
    '31-02-2026',
    '0000-01-01',
    '2026-13-01T25:61:00Z',
    '01-01-1999 00:00:00|31-12-2101 23:59:59',
    '31-02-2026 00:00:00|01-03-2026 00:00:00',
    'true',
    'null',
    '[]',
    '{}',
  ),
  fc.string({ minLength: 3000, maxLength: 3000 }),
);
/** Ids that exist (not the super-admin's own, 1, whose session checks every route), and ids that cannot. */
const hostileId = fc.oneof(
  fc.integer({ min: 2, max: 40 }).map(String),
  fc.constantFrom('0', '-1', '2147483647', '2147483648', '99999999999999999999', '1e3', '%00', '%20%201'),
  hostileText,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.integer({ min: 2, max: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }),
);

interface Sent {
  payload?: string | Buffer;
  headers: Record<string, string>;
}
const json = (value: unknown): Sent => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});
const raw =
  (type: string) =>
  (payload: string): Sent => ({ payload, headers: { 'content-type': type } });

function multipartBody(fields: [string, string][], files: [string, Uint8Array][]): Sent {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const parts = [
    ...fields.map(
      ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
    ...files.map(
      ([name, data]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="files[]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n${Buffer.from(data).toString('latin1')}\r\n`,
    ),
    `--${boundary}--\r\n`,
  ];
  return {
    payload: Buffer.from(parts.join(''), 'latin1'),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function bodyOf(operation: OpenAPIV3.OperationObject): fc.Arbitrary<Sent> {
  const schema = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content['application/json']
    ?.schema as OpenAPIV3.SchemaObject | undefined;
  const fields = Object.keys(schema?.properties ?? {});
  const documented = fields.length
    ? fc.record(Object.fromEntries(fields.map((field) => [field, hostileValue])), { requiredKeys: [] })
    : fc.dictionary(fc.constantFrom(...MULTIPART_FIELDS), hostileValue);
  return fc.oneof(
    { weight: 5, arbitrary: documented.map(json) },
    fc.jsonValue({ maxDepth: 3 }).map(json),
    fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"x":1}}').map(raw('application/json')),
    fc.string({ maxLength: 20 }).map(raw('text/plain')),
    fc.constant('--x\r\n').map(raw('multipart/form-data')),
    fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom(...MULTIPART_FIELDS, ...fields), hostileText), { maxLength: 6 }),
        fc.array(fc.tuple(hostileText, fc.uint8Array({ maxLength: 64 })), { maxLength: 2 }),
      )
      .map(([parts, files]) => multipartBody(parts, files)),
  );
}

interface Case {
  url: string;
  query: Record<string, string | string[]>;
  sent: Sent;
}

function casesOf(path: string, method: string, operation: OpenAPIV3.OperationObject): fc.Arbitrary<Case> {
  const parameters = (operation.parameters ?? []) as OpenAPIV3.ParameterObject[];
  const pathNames = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryNames = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const pathValues = fc.record(Object.fromEntries(pathNames.map((name) => [name, hostileId])));
  const query = fc.record(
    Object.fromEntries(
      queryNames.map((name) => [name, fc.oneof(hostileText, fc.array(hostileText, { maxLength: 2 }))]),
    ),
    { requiredKeys: [] },
  );
  const sent = method === 'GET' ? fc.constant<Sent>({ headers: {} }) : bodyOf(operation);
  return fc.record({ pathValues, query, sent }).map(({ pathValues, query, sent }) => ({
    url: path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name]) || 'x'),
    query: query as Record<string, string | string[]>,
    sent,
  }));
}

const app = await createTestApp();
await app.ready();
const openapi = app.swagger() as OpenAPIV3.Document;
const operations = Object.entries(openapi.paths).flatMap(([path, item]) =>
  Object.entries(item ?? {}).map(([method, operation]) => ({
    name: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    path,
    operation: operation as OpenAPIV3.OperationObject,
  })),
);
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
