import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

const EVERYONE = ROLES;
const MANAGE = ['super-admin', 'admin', 'chain-admin', 'regional-director', 'store-manager'] as const;

// Demo: asset 1 is in store 1 (Norrgården Södermalm, region 1, chain 1), in the scope of the
// chain-admin, the director, the store manager and, through an order assigned to it, the technician;
// the last demo asset is in chain 3 (Fjällbo), in none of theirs.
const asset = { store_id: 1, name: 'Matrix freezer', worktype_id: 3 };
export const authz: AuthzRow[] = [
  { route: 'GET /api/assets', roles: EVERYONE },
  {
    route: 'GET /api/assets/by-tag/:tag',
    roles: EVERYONE,
    params: { tag: 'NS-FRZ-01' },
    outOfScope: { tag: 'FB-DOOR-01' },
  },
  { route: 'GET /api/assets/labels', roles: EVERYONE, query: { ids: '1' } },
  { route: 'GET /api/assets/:id', roles: EVERYONE, params: { id: '1' }, outOfScope: { id: '999' } },
  { route: 'GET /api/assets/:id/history', roles: EVERYONE, params: { id: '1' }, outOfScope: { id: '999' } },
  { route: 'POST /api/assets', roles: MANAGE, payload: asset },
  { route: 'PUT /api/assets/:id', roles: MANAGE, params: { id: '999999' }, payload: asset },
  { route: 'DELETE /api/assets/:id', roles: MANAGE, params: { id: '999999' } },
];
