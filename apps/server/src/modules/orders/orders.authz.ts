import { PERMISSIONS, ROLES } from '@wop/shared/roles';
import { type AuthzRow, orderRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [
  { route: 'GET /api/orders', roles: ROLES },
  { route: 'GET /api/orders/priority', roles: ROLES },
  { route: 'GET /api/orders/options', roles: ROLES },
  { route: 'GET /api/orders/projectnumber', roles: PERMISSIONS['order:create'] },
  orderRow('GET /api/orders/generatePdf/:id', ROLES),
  orderRow('GET /api/orders/:id', ROLES),
  { route: 'POST /api/orders', roles: PERMISSIONS['order:create'], payload: {} },
  orderRow('PUT /api/orders/:id', PERMISSIONS['order:update'], { payload: {} }),
  orderRow('DELETE /api/orders/:id', PERMISSIONS['order:delete']),
  orderRow('POST /api/orders/:id/upload', ROLES),
  orderRow('GET /api/orders/:id/documents/:documentId', ROLES, { params: { id: '999999', documentId: '1' } }),
];
