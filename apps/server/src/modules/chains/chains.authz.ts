import type { AuthzRow } from '../../test/authz.ts';

const READ = ['super-admin', 'admin', 'chain-admin'] as const;
const MANAGE = ['super-admin', 'admin'] as const;

// Demo: chain 1 (Norrgården) is the chain-admin's, chain 2 (Kotimarket) is not.
export const authz: AuthzRow[] = [
  { route: 'GET /api/chains', roles: READ },
  { route: 'GET /api/chains/:id', roles: READ, params: { id: '1' }, outOfScope: { id: '2' } },
  { route: 'POST /api/chains', roles: MANAGE },
  { route: 'PUT /api/chains/:id', roles: MANAGE, params: { id: '999999' } },
  { route: 'DELETE /api/chains/:id', roles: MANAGE, params: { id: '999999' } },
];
