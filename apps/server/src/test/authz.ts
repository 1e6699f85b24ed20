import type { RoleSlug } from '@wop/shared/roles';

/**
 * One row of the authorization matrix per route. Every module lists its routes in a
 * `<module>.authz.ts` file exporting `authz: AuthzRow[]`; src/test/authz-matrix.test.ts checks each
 * row for every role, and fails for a registered route that has no row.
 */
export interface AuthzRow {
  /** As registered, e.g. `GET /api/roles/:id`. */
  route: string;
  /** Roles the permission table allows; every other role must get 403. `public` routes need no token. */
  roles: readonly RoleSlug[] | 'public';
  /** Path params for an object inside the scope of every allowed demo user (or a non-existent id for deletes). */
  params?: Record<string, string>;
  /** Path params of an object outside the scope of the scoped demo users (chain-admin, regional-director,
   * store-manager, technician): those of them that are allowed must get 404 (or 403). */
  outOfScope?: Record<string, string>;
  /** Body sent (JSON); omitted for GET. Allowed roles may get any answer but 401/403 (e.g. 422 for an empty body). */
  payload?: unknown;
  query?: Record<string, string>;
  /** Use a token of its own (for calls that end the session, like logout). */
  freshToken?: boolean;
}

/**
 * The row of a route on one order (`/api/orders/:id…`). `params` default to order 999999, which does not
 * exist (a write that passes the checks changes nothing); the out-of-scope order is demo order 13, in a
 * Kotimarket store and assigned to tech2@: outside the scope of the demo chain-admin, regional director,
 * store manager and technician. Other path params are the same for both unless `outOfScope` says otherwise.
 */
export function orderRow(
  route: string,
  roles: AuthzRow['roles'],
  more: Pick<AuthzRow, 'params' | 'outOfScope' | 'payload'> = {},
): AuthzRow {
  const params = more.params ?? { id: '999999' };
  return { route, roles, params, outOfScope: more.outOfScope ?? { ...params, id: '13' }, payload: more.payload };
}

/**
 * The rows of the four routes `recordRoutes` (lib/record-routes.ts) registers under `path`: `id` is read,
 * a non-existent id is updated and deleted, `outOfScope` is an id no scoped demo user may reach, and
 * `payload` is sent to the create and the update.
 */
export function recordRows(
  path: string,
  rows: { read: readonly RoleSlug[]; write: readonly RoleSlug[]; id: string; outOfScope?: string; payload?: unknown },
): AuthzRow[] {
  const one = `/api${path}/:id`;
  const scope = rows.outOfScope ? { outOfScope: { id: rows.outOfScope } } : {};
  const body = rows.payload === undefined ? {} : { payload: rows.payload };
  return [
    { route: `GET ${one}`, roles: rows.read, params: { id: rows.id }, ...scope },
    { route: `POST /api${path}`, roles: rows.write, ...body },
    { route: `PUT ${one}`, roles: rows.write, params: { id: '999999' }, ...scope, ...body },
    { route: `DELETE ${one}`, roles: rows.write, params: { id: '999999' }, ...scope },
  ];
}
