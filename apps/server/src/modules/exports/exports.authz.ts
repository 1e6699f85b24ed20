import type { AuthzRow } from '../../test/authz.ts';

// One route for five lists; the row checks the orders export. exports.test.ts checks every type.
export const authz: AuthzRow[] = [
  {
    route: 'GET /api/export',
    roles: ['super-admin', 'admin', 'chain-admin', 'regional-director'],
    query: { type: 'OrdersExport', q: 'no-such-order-in-any-scope' },
  },
];
