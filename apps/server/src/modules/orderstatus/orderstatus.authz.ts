import { ROLES } from '@wop/shared/roles';
import { type AuthzRow, recordRows } from '../../test/authz.ts';

const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/orderstatus', roles: ROLES },
  { route: 'GET /api/orderstatus/all', roles: ROLES },
  ...recordRows('/orderstatus', { read: ROLES, write: MANAGE, id: '1' }),
];
