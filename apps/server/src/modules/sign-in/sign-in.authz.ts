import type { AuthzRow } from '../../test/authz.ts';

// Demo: chain 1 (Norrgården) is the chain-admin's, chain 2 (Kotimarket) is not.
export const authz: AuthzRow[] = [
  { route: 'POST /api/auth/sign-in-method', roles: 'public' },
  { route: 'POST /api/auth/provider/start', roles: 'public' },
  { route: 'GET /api/auth/provider/callback', roles: 'public' },
  { route: 'POST /api/auth/provider/complete', roles: 'public' },
  {
    route: 'POST /api/chains/:id/sign-in/test',
    roles: ['super-admin', 'admin', 'chain-admin'],
    params: { id: '1' },
    outOfScope: { id: '2' },
    // An address the server refuses to reach (not public): the matrix checks who may ask, not a provider.
    payload: { issuer: 'https://127.0.0.1:9' },
  },
];
