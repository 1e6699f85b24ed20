import { PERMISSION_SCOPES } from '@wop/shared/api-keys';
import type { Permission } from '@wop/shared/roles';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';

/** The error body of every 4xx (api-contract "Answers"); 422 adds `errors` by field. */
const errorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** A stable name of some refusals, for programs (e.g. 409 `nte_exceeded`). */
  code: z.string().optional(),
});

/** Response schemas for the error statuses a route can answer, so the OpenAPI document lists them. */
export const errorResponses = <S extends number>(...statuses: S[]) =>
  Object.fromEntries(statuses.map((status) => [status, errorBody])) as Record<S, typeof errorBody>;

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes the instance-wide rate limit leaves alone: the probes of load balancers and monitoring. */
export const UNLIMITED_ROUTE = /^\/api\/(health|metrics)([/?]|$)/;

/** The permission a route's sign-in guard checks (plugins/auth.ts tags each guard with it). */
export function guardPermission(route: Pick<RouteOptions, 'onRequest'>): Permission | undefined {
  const hooks = [route.onRequest ?? []].flat() as unknown[];
  for (const hook of hooks) {
    const permission = (hook as { permission?: Permission }).permission;
    if (permission) return permission;
  }
  return undefined;
}

/**
 * Who may call a guarded route, for the OpenAPI document: a person's session, and an API key with the
 * scope that the route's permission maps to (the mapping the auth plugin enforces). A route whose
 * permission maps to no scope, or that checks only a sign-in, is closed to keys.
 */
export function routeSecurity(route: Pick<RouteOptions, 'onRequest'>): Record<string, string[]>[] {
  const permission = guardPermission(route);
  const scope = permission && PERMISSION_SCOPES[permission];
  return scope ? [{ session: [] }, { apiKey: [scope] }] : [{ session: [] }];
}

/**
 * The error statuses a route answers because of its shape, whatever it does (api-contract, "Second
 * wave", Robustness), added to its OpenAPI responses at registration:
 * - every route 500 (a failure of the server or its database; nothing of the request was written);
 * - every route but the probes 429 (the instance's rate limit per client address);
 * - behind a sign-in guard (every onRequest hook of a route is one) 401, 403 and 429 (an API key
 *   over its rate limit), and who may call it (`security`: a session, an API key with which scope);
 * - with a path parameter 400 (undecodable) and 404; with a path or query schema 422;
 * - a method that can carry a body 400 (unreadable), 413 (too large), 415 (unsupported type) and 422
 *   (not an object, or refused by its schema).
 * What only some routes answer (409, 412, a sign-in's 429) each lists with `errorResponses`.
 */
export function documentShapeErrors(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema || schema.hide || !route.url.startsWith('/api/')) return;
  const methods = [route.method].flat();
  const statuses: number[] = [500];
  if (!UNLIMITED_ROUTE.test(route.url)) statuses.push(429);
  if (route.onRequest) {
    statuses.push(401, 403, 429);
    schema.security ??= routeSecurity(route);
  }
  if (route.url.includes('/:')) statuses.push(400, 404);
  if (schema.params || schema.querystring) statuses.push(422);
  if (methods.some((method) => BODY_METHODS.has(method))) statuses.push(400, 413, 415, 422);
  const response = (schema.response ?? {}) as Record<string, unknown>;
  for (const status of statuses) response[status] ??= errorBody;
  schema.response = response;
}

/** A success that is a file or text rather than JSON, by its content types, for the OpenAPI document. */
export const contentResponse = (description: string, ...types: string[]) => ({
  description,
  content: Object.fromEntries(
    types.map((type) => [type, { schema: z.unknown().meta({ type: 'string', format: 'binary' }) }]),
  ),
});
