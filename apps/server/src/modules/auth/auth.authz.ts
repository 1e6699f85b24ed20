import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [
  { route: 'POST /api/auth/login', roles: 'public' },
  { route: 'GET /api/health', roles: 'public' },
  { route: 'POST /api/auth/logout', roles: ROLES, freshToken: true },
  { route: 'POST /api/auth/download-token', roles: ROLES },
  { route: 'GET /api/profile', roles: ROLES },
  { route: 'POST /api/profile', roles: ROLES, payload: { name: '' } },
  { route: 'PUT /api/profile/language', roles: ROLES, payload: { language: 'sv' } },
];
