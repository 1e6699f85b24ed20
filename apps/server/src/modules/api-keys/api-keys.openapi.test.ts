/// <reference types="vite/client" />
import { API_KEY_SCOPES, type ApiKeyScope } from '@wop/shared/api-keys';
import type { OpenAPIV3 } from 'openapi-types';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';
import type { AuthzRow } from '../../test/authz.ts';

// The document says which scope each route needs; these calls check that keys meet exactly that.
const modules = import.meta.glob<{ authz: AuthzRow[] }>('../**/*.authz.ts', { eager: true });
const rows = Object.values(modules)
  .flatMap((m) => m.authz)
  .filter((row) => row.roles !== 'public' && !row.freshToken);
const app = await createTestApp({ API_KEY_RATE_PER_MINUTE: '1000000' });
await app.ready();
const document = app.swagger() as OpenAPIV3.Document;

/** `GET /api/orders/:id` as the document's `/api/orders/{id}`, and its operation. */
function operationOf(route: string): OpenAPIV3.OperationObject | undefined {
  const [method, path] = route.split(' ');
  const item = document.paths[path.replace(/:(\w+)/g, '{$1}')] as Record<string, OpenAPIV3.OperationObject> | undefined;
  return item?.[method.toLowerCase()];
}

/** The scope the document names for API keys on an operation, or null when keys are refused. */
function documentedScope(operation: OpenAPIV3.OperationObject): ApiKeyScope | null {
  const security = operation.security ?? document.security ?? [];
  const withKey = security.find((requirement) => 'apiKey' in requirement);
  if (!withKey) return null;
  expect(withKey.apiKey).toHaveLength(1);
  return withKey.apiKey[0] as ApiKeyScope;
}

/** An admin's key (no chain: every object of the demo rows is in reach) with the scopes named. */
async function keyWith(scopes: readonly ApiKeyScope[]) {
  const res = await call(app, 'POST', '/api/api-keys', { as: 'admin', payload: { name: 'Matrix', scopes } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.key as string;
}
const keys = new Map<string, string>();
const key = async (scopes: readonly ApiKeyScope[]) => {
  const name = [...scopes].sort().join(',');
  if (!keys.has(name)) keys.set(name, await keyWith(scopes));
  return keys.get(name) as string;
};

function send(row: AuthzRow, token: string) {
  const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  const url = path.replace(/:(\w+)/g, (_, name: string) => row.params?.[name] ?? '999999999');
  return call(app, method, url, {
    token,
    payload: method === 'GET' ? undefined : (row.payload ?? {}),
    query: row.query,
  });
}

describe('the scopes of the OpenAPI document', () => {
  it('describes the two ways in: a session and an API key', () => {
    const schemes = document.components?.securitySchemes as Record<string, OpenAPIV3.HttpSecurityScheme>;
    expect(schemes.session).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(schemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'wop_…' });
  });

  it('names a security requirement on every guarded route, and only scopes that exist', () => {
    const scopes = new Set<string>();
    for (const row of rows) {
      const operation = operationOf(row.route);
      expect(operation, row.route).toBeDefined();
      expect(operation?.security, row.route).toContainEqual({ session: [] });
      const scope = operation && documentedScope(operation);
      if (scope) scopes.add(scope);
    }
    expect([...scopes].every((scope) => (API_KEY_SCOPES as readonly string[]).includes(scope))).toBe(true);
    // The order list, at least, is open to keys.
    expect(documentedScope(operationOf('GET /api/orders') as OpenAPIV3.OperationObject)).toBe('orders:read');
    expect(documentedScope(operationOf('GET /api/users') as OpenAPIV3.OperationObject)).toBeNull();
  });

  for (const row of rows) {
    const operation = operationOf(row.route);
    const scope = operation ? documentedScope(operation) : null;
    if (scope) {
      it(`${row.route}: a key with ${scope} gets through, a key without it gets 403`, async () => {
        const through = await send(row, await key([scope]));
        expect([401, 403, 429], through.body).not.toContain(through.statusCode);
        const others = API_KEY_SCOPES.filter((s) => s !== scope);
        const refused = await send(row, await key(others));
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().message).toBe(`This API key lacks the scope ${scope}.`);
      });
    } else {
      it(`${row.route}: closed to every key, as the document says`, async () => {
        const refused = await send(row, await key(API_KEY_SCOPES));
        expect(refused.statusCode, refused.body).toBe(403);
      });
    }
  }
});
