import type { AuthzRow } from '../../test/authz.ts';

const READ = ['super-admin', 'admin', 'chain-admin', 'regional-director'] as const;
const MANAGE = ['super-admin', 'admin', 'chain-admin'] as const;

const region = { region_name: 'Matrix', phone: '0812345671', email: '', contact_person: 'Matrix Test' };

// Demo: region 1 (Stockholm, chain 1) is in the scope of the chain-admin and the director;
// region 4 (Norrland, chain 3) is in neither.
export const authz: AuthzRow[] = [
  {
    route: 'GET /api/chains/:chainId/regions',
    roles: READ,
    params: { chainId: '1' },
    outOfScope: { chainId: '3' },
  },
  {
    route: 'GET /api/chains/:chainId/regions/:id',
    roles: READ,
    params: { chainId: '1', id: '1' },
    outOfScope: { chainId: '3', id: '4' },
  },
  {
    route: 'POST /api/chains/:chainId/regions',
    roles: MANAGE,
    params: { chainId: '1' },
    outOfScope: { chainId: '3' },
    payload: region,
  },
  {
    route: 'PUT /api/chains/:chainId/regions/:id',
    roles: MANAGE,
    params: { chainId: '1', id: '999999' },
    outOfScope: { chainId: '3', id: '4' },
    payload: region,
  },
  {
    route: 'DELETE /api/chains/:chainId/regions/:id',
    roles: MANAGE,
    params: { chainId: '1', id: '999999' },
    outOfScope: { chainId: '3', id: '4' },
  },
];
