import { PERMISSIONS, ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

// Order 999999 does not exist. Demo order 13 is in a Kotimarket store and assigned to tech2: outside
// the scope of the demo chain-admin, regional director, store manager and technician.
const OUT = { id: '13' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/orders', roles: ROLES },
  { route: 'GET /api/orders/priority', roles: ROLES },
  { route: 'GET /api/orders/options', roles: ROLES },
  { route: 'GET /api/orders/projectnumber', roles: PERMISSIONS['order:create'] },
  { route: 'GET /api/orders/generatePdf/:id', roles: ROLES, params: { id: '999999' }, outOfScope: OUT },
  { route: 'GET /api/orders/:id', roles: ROLES, params: { id: '999999' }, outOfScope: OUT },
  { route: 'POST /api/orders', roles: PERMISSIONS['order:create'], payload: {} },
  {
    route: 'PUT /api/orders/:id',
    roles: PERMISSIONS['order:update'],
    params: { id: '999999' },
    outOfScope: OUT,
    payload: {},
  },
  { route: 'DELETE /api/orders/:id', roles: PERMISSIONS['order:delete'], params: { id: '999999' }, outOfScope: OUT },
  { route: 'POST /api/orders/:id/upload', roles: ROLES, params: { id: '999999' }, outOfScope: OUT },
  {
    route: 'GET /api/orders/:id/documents/:documentId',
    roles: ROLES,
    params: { id: '999999', documentId: '1' },
    outOfScope: { ...OUT, documentId: '1' },
  },
];
