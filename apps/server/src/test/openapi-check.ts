import type { LightMyRequestResponse } from 'fastify';
import OpenAPIResponseValidator from 'openapi-response-validator';
import type { OpenAPIV3 } from 'openapi-types';
import type { App } from '../app.ts';

interface Operation {
  path: string;
  pattern: RegExp;
  /** Static segments first: /orders/export before /orders/{id}. */
  rank: number;
  method: string;
  responses: OpenAPIV3.ResponsesObject;
  validator: OpenAPIResponseValidator;
}

const operationsByApp = new WeakMap<App, Operation[]>();

/**
 * What the response validator forgives and a strict client does not (OpenAPI 3.0.3): a nullable
 * schema with an enum accepts null only when the enum lists it.
 */
function assertStrictlyValid(node: unknown, where: string): void {
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    throw new Error(`${where}: a nullable enum without null, which strict clients refuse null for`);
  }
  for (const [key, value] of Object.entries(schema)) assertStrictlyValid(value, `${where}/${key}`);
}

function operationsOf(app: App): Operation[] {
  const cached = operationsByApp.get(app);
  if (cached) return cached;
  const document = app.swagger() as OpenAPIV3.Document;
  assertStrictlyValid(document.paths, '#/paths');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const responses = (operation as OpenAPIV3.OperationObject).responses;
      if (!responses) continue;
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
      operations.push({
        path,
        pattern: new RegExp(`^${source}/?$`),
        rank: path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
        method: method.toUpperCase(),
        responses,
        validator: new OpenAPIResponseValidator({
          responses: responses as never,
          components: document.components as never,
        }),
      });
    }
  }
  operations.sort((a, b) => b.rank - a.rank);
  operationsByApp.set(app, operations);
  return operations;
}

/**
 * Holds an answer against the served OpenAPI document, as a client generated from it would: the
 * status must be listed for that route, the content type must be one it lists, and a JSON body must
 * match the schema (openapi-response-validator, Ajv underneath). Answers of paths the document does
 * not describe (the web app, unknown URLs) are not checked. Throws with what differs.
 */
export function assertDocumented(app: App, method: string, url: string, res: LightMyRequestResponse): void {
  const path = url.split('?')[0];
  const operation = operationsOf(app).find((op) => op.method === method && op.pattern.test(path));
  if (!operation || method === 'HEAD') return;
  const where = `${method} ${operation.path} answered ${res.statusCode}`;
  const documented = operation.responses[String(res.statusCode)] as OpenAPIV3.ResponseObject | undefined;
  if (!documented) {
    throw new Error(
      `${where}, which the OpenAPI document does not list (${Object.keys(operation.responses)}): ${res.body.slice(0, 300)}`,
    );
  }
  const type = String(res.headers['content-type'] ?? '').split(';')[0];
  const listed = Object.keys(documented.content ?? {});
  if (!res.body) return;
  if (listed.length && !listed.includes(type)) {
    throw new Error(`${where} with ${type || 'no content type'}, the document lists ${listed.join(', ')}`);
  }
  if (type !== 'application/json') return;
  const failure = operation.validator.validateResponse(res.statusCode, res.json());
  if (failure) {
    throw new Error(
      `${where} with a body that does not match its schema: ${JSON.stringify(failure.errors)}: ${res.body.slice(0, 300)}`,
    );
  }
}
