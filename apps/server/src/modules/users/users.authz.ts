import type { AuthzRow } from '../../test/authz.ts';

const READ = ['super-admin', 'admin', 'chain-admin'] as const;

// Demo users: 5 is store@ (store 1, chain 1: the chain-admin's), 9 is store2@ (Kotimarket, chain 2).
const user = {
  name: 'Matrix',
  email: 'matrix@example.com',
  phone_no: '0700000000',
  role: 'store-manager',
  entity_type: 'store',
  entity_id: [1],
};
export const authz: AuthzRow[] = [
  { route: 'GET /api/users', roles: READ },
  { route: 'GET /api/users/technicians', roles: ['super-admin', 'admin'] },
  { route: 'GET /api/users/:id', roles: READ, params: { id: '5' }, outOfScope: { id: '9' } },
  { route: 'POST /api/users', roles: READ },
  { route: 'PUT /api/users/:id', roles: READ, params: { id: '999999' }, outOfScope: { id: '9' }, payload: user },
  { route: 'DELETE /api/users/:id', roles: READ, params: { id: '999999' }, outOfScope: { id: '9' } },
];
