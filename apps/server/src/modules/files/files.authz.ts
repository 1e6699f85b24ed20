import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/admin/categories', roles: ROLES },
  { route: 'GET /api/admin/categories/:id', roles: ROLES, params: { id: '999999' } },
  { route: 'POST /api/admin/categories', roles: MANAGE },
  { route: 'POST /api/admin/categories/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'DELETE /api/admin/categories/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'DELETE /api/admin/files/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'GET /api/admin/files/:id/download', roles: ROLES, params: { id: '999999' } },
];
