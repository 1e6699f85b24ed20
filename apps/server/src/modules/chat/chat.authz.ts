import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

// Demo order 4: store 1 "Norrgården Södermalm" (region Stockholm, chain 1), assigned to tech@ — inside the
// scope of every scoped demo user. Demo order 13: a Kotimarket store, assigned to tech2@ — outside it.
const params = { id: '4' };
const outOfScope = { id: '13' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/orders/:id/messages', roles: ROLES, params, outOfScope },
  {
    route: 'POST /api/orders/:id/messages',
    roles: ROLES,
    params,
    outOfScope,
    payload: { body: 'Authorization matrix check.' },
  },
  { route: 'GET /api/orders/:id/unreadmessages', roles: ROLES, params, outOfScope },
  { route: 'POST /api/orders/:id/updateseen', roles: ROLES, params, outOfScope },
];
