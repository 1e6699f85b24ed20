import { PERMISSIONS } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

// Demo order 13 is in a Kotimarket store, not assigned to the demo technician: outside the scope of
// the demo chain-admin, director, store manager and technician.
const outOfScope = { id: '13' };
const visit = { id: '999999', visit: '1' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/visits', roles: PERMISSIONS['visit:list'] },
  { route: 'GET /api/orders/:id/visits', roles: PERMISSIONS['visit:list'], params: { id: '1' }, outOfScope },
  {
    route: 'POST /api/orders/:id/visits/check-in',
    roles: PERMISSIONS['visit:check-in'],
    params: { id: '999999' },
    outOfScope,
    payload: {},
  },
  {
    route: 'POST /api/orders/:id/visits/check-out',
    roles: PERMISSIONS['visit:check-in'],
    params: { id: '999999' },
    outOfScope,
    payload: { outcome: 'done' },
  },
  {
    route: 'POST /api/orders/:id/visits/:visit/confirm',
    roles: PERMISSIONS['visit:confirm'],
    params: visit,
    outOfScope: { ...outOfScope, visit: '1' },
  },
  {
    route: 'PUT /api/orders/:id/visits/:visit',
    roles: PERMISSIONS['visit:correct'],
    params: visit,
    payload: { checked_in_at: '2026-01-05T08:00:00Z', checked_out_at: null },
  },
];
