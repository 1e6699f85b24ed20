import type { AuthzRow } from '../../test/authz.ts';

const LIST = ['super-admin', 'admin', 'chain-admin'] as const;
const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/roles', roles: LIST },
  { route: 'GET /api/roles/:id', roles: LIST, params: { id: '1' } },
  { route: 'POST /api/roles', roles: MANAGE },
  { route: 'PUT /api/roles/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'DELETE /api/roles/:id', roles: MANAGE, params: { id: '999999' } },
];
