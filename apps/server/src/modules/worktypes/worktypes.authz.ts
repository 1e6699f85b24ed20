import { ROLES } from '@wop/shared/roles';
import { type AuthzRow, recordRows } from '../../test/authz.ts';

const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/worktypes', roles: ROLES },
  ...recordRows('/worktypes', { read: ROLES, write: MANAGE, id: '1' }),
];
