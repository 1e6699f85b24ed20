import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/worktypes', roles: ROLES },
  { route: 'GET /api/worktypes/:id', roles: ROLES, params: { id: '1' } },
  { route: 'POST /api/worktypes', roles: MANAGE },
  { route: 'PUT /api/worktypes/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'DELETE /api/worktypes/:id', roles: MANAGE, params: { id: '999999' } },
];
