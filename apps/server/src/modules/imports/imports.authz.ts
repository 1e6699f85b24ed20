import type { AuthzRow } from '../../test/authz.ts';

const ADMINS = ['super-admin', 'admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/import/store', roles: ADMINS },
  { route: 'POST /api/import/store', roles: ADMINS },
  { route: 'POST /api/import/user/update', roles: ADMINS },
];
