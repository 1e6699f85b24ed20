import type { AuthzRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [{ route: 'GET /api/config', roles: 'public' }];
