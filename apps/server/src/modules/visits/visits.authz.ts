import { PERMISSIONS } from '@wop/shared/roles';
import { type AuthzRow, orderRow } from '../../test/authz.ts';

const visit = { id: '999999', visit: '1' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/visits', roles: PERMISSIONS['visit:list'] },
  orderRow('GET /api/orders/:id/visits', PERMISSIONS['visit:list'], { params: { id: '1' } }),
  orderRow('POST /api/orders/:id/visits/check-in', PERMISSIONS['visit:check-in'], { payload: {} }),
  orderRow('POST /api/orders/:id/visits/check-out', PERMISSIONS['visit:check-in'], { payload: { outcome: 'done' } }),
  orderRow('POST /api/orders/:id/visits/:visit/confirm', PERMISSIONS['visit:confirm'], { params: visit }),
  {
    route: 'PUT /api/orders/:id/visits/:visit',
    roles: PERMISSIONS['visit:correct'],
    params: visit,
    payload: { checked_in_at: '2026-01-05T08:00:00Z', checked_out_at: null },
  },
];
