import { PERMISSIONS } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [{ route: 'GET /api/dashboard', roles: PERMISSIONS['dashboard:view'] }];
