/// <reference types="vite/client" />
import { ROLES, type RoleSlug } from '@wop/shared/roles';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { call, createTestApp, DEMO, type DemoUser } from './app.ts';
import type { AuthzRow } from './authz.ts';

const modules = import.meta.glob<{ authz: AuthzRow[] }>('../modules/**/*.authz.ts', { eager: true });
const rows = Object.values(modules).flatMap((m) => m.authz);
const app = await createTestApp();

const demoUser: Record<RoleSlug, DemoUser> = {
  'super-admin': 'superAdmin',
  admin: 'admin',
  'chain-admin': 'chainAdmin',
  'regional-director': 'director',
  'store-manager': 'store',
  technician: 'tech',
};
const SCOPED: RoleSlug[] = ['chain-admin', 'regional-director', 'store-manager', 'technician'];
/** Routes that are not part of the API product surface. */
const IGNORED = /^(GET|POST) \/api\/docs/;

const fill = (route: string, params: Record<string, string> = {}) =>
  route.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '999999999');

async function send(row: AuthzRow, role: RoleSlug | null, params?: Record<string, string>) {
  const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  let token: string | undefined;
  if (role && row.freshToken) {
    const login = await call(app, 'POST', '/api/auth/login', {
      payload: { email: DEMO[demoUser[role]], password: DEMO_PASSWORD },
    });
    token = login.json().payload.access_token;
  }
  return call(app, method, fill(path, params ?? row.params), {
    as: role && !token ? demoUser[role] : undefined,
    token,
    payload: method === 'GET' ? undefined : (row.payload ?? {}),
    query: row.query,
  });
}

describe('authorization matrix', () => {
  it('has exactly one row for every registered API route', () => {
    const registered = app.routeList.filter((r) => r.includes(' /api/') && !IGNORED.test(r)).sort();
    const listed = rows.map((r) => r.route).sort();
    expect(registered.filter((r) => !listed.includes(r))).toEqual([]);
    expect(listed.filter((r) => !registered.includes(r))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  for (const row of rows) {
    describe(row.route, () => {
      if (row.roles === 'public') {
        it('answers without a token', async () => {
          expect((await send(row, null)).statusCode).not.toBe(401);
        });
        return;
      }
      const allowed = row.roles;
      it('answers 401 without a token', async () => {
        expect((await send(row, null)).statusCode).toBe(401);
      });
      for (const role of ROLES) {
        if (!allowed.includes(role)) {
          it(`refuses ${role} with 403`, async () => {
            const res = await send(row, role);
            expect(res.statusCode, res.body).toBe(403);
          });
        } else {
          it(`lets ${role} through`, async () => {
            const res = await send(row, role);
            expect([401, 403], res.body).not.toContain(res.statusCode);
          });
          if (row.outOfScope && SCOPED.includes(role)) {
            it(`hides an object outside the scope of ${role}`, async () => {
              const res = await send(row, role, row.outOfScope);
              expect([403, 404], res.body).toContain(res.statusCode);
            });
          }
        }
      }
    });
  }
});
