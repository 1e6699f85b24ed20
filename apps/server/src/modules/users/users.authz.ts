import { type AuthzRow, recordRows } from '../../test/authz.ts';

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
  ...recordRows('/users', { read: READ, write: READ, id: '5', outOfScope: '9', payload: user }),
];
