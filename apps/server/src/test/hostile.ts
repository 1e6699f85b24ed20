/**
 * Hostile requests generated from the OpenAPI document (fast-check): random and hostile values
 * (control characters, huge and negative numbers, impossible dates, wrong types, malformed JSON and
 * multipart, wrong content types) in the path, the query and the body of a route. Used by the fuzz
 * test (test/fuzz.test.ts) and the hostile-load benchmark (bench/hostile.bench.ts).
 */
import fc from 'fast-check';
import type { OpenAPIV3 } from 'openapi-types';

/** Signed in, these end the session the next requests use, or hold the request open (an event stream). */
export const SIGNED_IN_SKIP = new Set(['POST /api/auth/logout', 'GET /api/events']);

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

export interface Sent {
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

/** The fields of a route's body as the document describes them (JSON and multipart alike). */
export function bodyFieldsOf(operation: OpenAPIV3.OperationObject): string[] {
  const content = (operation.requestBody as OpenAPIV3.RequestBodyObject | undefined)?.content ?? {};
  const schema = (content['application/json'] ?? content['multipart/form-data'])?.schema as
    | OpenAPIV3.SchemaObject
    | undefined;
  const shapes = (schema?.anyOf ?? [schema]) as (OpenAPIV3.SchemaObject | undefined)[];
  return [...new Set(shapes.flatMap((shape) => Object.keys(shape?.properties ?? {})))];
}

function bodyOf(operation: OpenAPIV3.OperationObject): fc.Arbitrary<Sent> {
  const fields = bodyFieldsOf(operation);
  const named = fields.length ? fields : ['x'];
  const documented = fc.record(Object.fromEntries(named.map((field) => [field, hostileValue])), { requiredKeys: [] });
  return fc.oneof(
    { weight: 5, arbitrary: documented.map(json) },
    fc.jsonValue({ maxDepth: 3 }).map(json),
    fc.constantFrom('{', '{"a":', '[1,', '\u0000', '{"__proto__":{"x":1}}').map(raw('application/json')),
    fc.string({ maxLength: 20 }).map(raw('text/plain')),
    fc.constant('--x\r\n').map(raw('multipart/form-data')),
    fc
      .tuple(
        fc.array(fc.tuple(fc.constantFrom(...named), hostileText), { maxLength: 6 }),
        fc.array(fc.tuple(hostileText, fc.uint8Array({ maxLength: 64 })), { maxLength: 2 }),
      )
      .map(([parts, files]) => multipartBody(parts, files)),
  );
}

export interface Case {
  url: string;
  query: Record<string, string | string[]>;
  sent: Sent;
}

export function casesOf(path: string, method: string, operation: OpenAPIV3.OperationObject): fc.Arbitrary<Case> {
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

export interface Operation {
  name: string;
  method: string;
  path: string;
  operation: OpenAPIV3.OperationObject;
}

/** Every operation of an OpenAPI document, as `METHOD /path`. */
export function operationsOf(document: OpenAPIV3.Document): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      operation: operation as OpenAPIV3.OperationObject,
    })),
  );
}
