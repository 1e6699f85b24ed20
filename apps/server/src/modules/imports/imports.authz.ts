import type { AuthzRow } from '../../test/authz.ts';

const ADMINS = ['super-admin', 'admin'] as const;
const ORG_ADMINS = ['super-admin', 'admin', 'chain-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/import/store', roles: ADMINS },
  { route: 'POST /api/import/store', roles: ADMINS },
  { route: 'POST /api/import/user/update', roles: ADMINS },
  { route: 'GET /api/import/assets', roles: ORG_ADMINS },
  { route: 'POST /api/import/assets', roles: ORG_ADMINS },
];
