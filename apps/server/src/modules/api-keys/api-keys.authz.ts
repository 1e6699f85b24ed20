import type { AuthzRow } from '../../test/authz.ts';

const MANAGE = ['super-admin', 'admin', 'chain-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/api-keys', roles: MANAGE },
  { route: 'POST /api/api-keys', roles: MANAGE, payload: {} },
  { route: 'DELETE /api/api-keys/:id', roles: MANAGE, params: { id: '999999' } },
];
