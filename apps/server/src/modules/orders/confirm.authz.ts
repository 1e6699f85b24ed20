import { PERMISSIONS } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [
  {
    route: 'POST /api/orders/:id/confirm',
    roles: PERMISSIONS['order:confirm'],
    params: { id: '999999' },
    // Demo order 13 is in a Kotimarket store: outside the demo chain-admin's, director's and store's scope.
    outOfScope: { id: '13' },
    payload: { fixed: true },
  },
];
