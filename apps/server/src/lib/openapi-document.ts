import { WEBHOOK_EVENT_DATA, WEBHOOK_TEST_EVENT, webhookPayload, webhookTestDataSchema } from '@wop/shared/webhooks';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Schema = Record<string, unknown>;
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null;

/**
 * A query that is one of several shapes (`GET /api/export`: each `type` its list's filters) as one
 * object, so that the document lists its parameters: a parameter's schema is the one its shapes
 * share, or any of theirs; it is required when every shape requires it, and says which shapes have
 * it when not all do. The route's own schema still checks each shape by its rules.
 */
function queryOfShapes(schema: Schema): Schema {
  const shapes = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (!shapes?.every((shape) => isObject(shape.properties))) return schema;
  const label = (shape: Schema) => {
    const type = (shape.properties as Record<string, Schema>).type;
    return String(type?.const ?? (type?.enum as unknown[] | undefined)?.[0] ?? '');
  };
  const names = [...new Set(shapes.flatMap((shape) => Object.keys(shape.properties as Schema)))];
  const properties: Record<string, Schema> = {};
  for (const name of names) {
    const having = shapes.filter((shape) => name in (shape.properties as Schema));
    const distinct = [
      ...new Map(
        having.map((shape) => (shape.properties as Record<string, Schema>)[name]).map((s) => [JSON.stringify(s), s]),
      ).values(),
    ];
    const enums = distinct.every((s) => Array.isArray(s.enum) || 'const' in s)
      ? { type: 'string', enum: [...new Set(distinct.flatMap((s) => (s.enum as unknown[]) ?? [s.const]))] }
      : undefined;
    const merged = enums ?? (distinct.length === 1 ? distinct[0] : { anyOf: distinct });
    properties[name] =
      having.length === shapes.length ? merged : { ...merged, description: `With ${having.map(label).join(', ')}.` };
  }
  const required = names.filter((name) =>
    shapes.every((shape) => (shape.required as string[] | undefined)?.includes(name)),
  );
  return { type: 'object', properties, required };
}

/** The route schemas' part of the document: Zod to JSON Schema, queries of several shapes as one. */
export const documentRoute: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  const schema = transformed.schema as Schema | undefined;
  if (schema && isObject(schema.querystring)) schema.querystring = queryOfShapes(schema.querystring);
  return transformed;
};

const RETRY_AFTER = {
  description: 'Seconds to wait before the next request.',
  schema: { type: 'integer', minimum: 1 },
};

/**
 * The whole document, last: a nullable enum lists `null` among its values, as OpenAPI 3.0.3 requires
 * for a client to accept null (`entity_type` of a user bound to nothing); every 429 says that it
 * comes with `Retry-After`.
 */
export function completeDocument<T>(document: T): T {
  const visit = (node: unknown) => {
    if (!isObject(node)) return;
    if (node.nullable === true && Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
    for (const value of Object.values(node)) visit(value);
  };
  visit(document);
  const paths = (document as { paths?: Record<string, Record<string, { responses?: Record<string, Schema> }>> }).paths;
  for (const item of Object.values(paths ?? {})) {
    for (const operation of Object.values(item)) {
      const tooMany = operation.responses?.['429'];
      if (tooMany) tooMany.headers = { 'Retry-After': RETRY_AFTER, ...(tooMany.headers as Schema | undefined) };
    }
  }
  return document;
}

/**
 * The events webhooks send, under the document's `webhooks` (one entry per event: the POST the receiver
 * gets, its Standard Webhooks headers and its body), from the schemas in packages/shared.
 */
export function withWebhookEvents<T>(document: T): T {
  const events: [string, z.ZodType][] = [
    ...Object.entries(WEBHOOK_EVENT_DATA).map(
      ([type, data]) => [type, webhookPayload(type, data)] as [string, z.ZodType],
    ),
    [WEBHOOK_TEST_EVENT, webhookPayload(WEBHOOK_TEST_EVENT, webhookTestDataSchema)],
  ];
  const header = (description: string) => ({ required: true, schema: { type: 'string' }, description });
  const webhooks = Object.fromEntries(
    events.map(([type, schema]) => [
      type,
      {
        post: {
          summary: type,
          description:
            "Sent to every enabled webhook subscribed to the event whose chain is the order's. Verify the signature (Standard Webhooks) before trusting the body; answer 2xx within 10 s. Other answers are retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 24 h with the same `webhook-id`; 410 turns the webhook off.",
          parameters: [
            {
              name: 'webhook-id',
              in: 'header',
              ...header('The message id: the same on every retry (drop repeats by it).'),
            },
            { name: 'webhook-timestamp', in: 'header', ...header('Seconds since 1970 when this attempt was signed.') },
            {
              name: 'webhook-signature',
              in: 'header',
              ...header(
                '`v1,<base64 HMAC-SHA256 of id.timestamp.body>` under the secret; two, separated by a space, for 24 h after a rotation.',
              ),
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' }) },
            },
          },
          responses: {
            '200': { description: 'Received (any 2xx).' },
            '410': { description: 'Turns the webhook off.' },
          },
        },
      },
    ]),
  );
  return { ...document, webhooks };
}
