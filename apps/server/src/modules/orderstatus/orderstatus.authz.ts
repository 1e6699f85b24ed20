import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/orderstatus', roles: ROLES },
  { route: 'GET /api/orderstatus/all', roles: ROLES },
  { route: 'GET /api/orderstatus/:id', roles: ROLES, params: { id: '1' } },
  { route: 'POST /api/orderstatus', roles: MANAGE },
  { route: 'PUT /api/orderstatus/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'DELETE /api/orderstatus/:id', roles: MANAGE, params: { id: '999999' } },
];
