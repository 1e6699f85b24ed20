import { type AuthzRow, recordRows } from '../../test/authz.ts';

const READ = ['super-admin', 'admin', 'chain-admin', 'regional-director'] as const;
const MANAGE = ['super-admin', 'admin', 'chain-admin'] as const;

// Demo: store 1 (Norrgården Södermalm, region 1, chain 1) is in the scope of the chain-admin and
// the director; store 14 (Fjällbo Sundsvall, chain 3) in neither.
const store = {
  store_name: 'Matrix',
  phone: '0812345678',
  email: '',
  invoice_address: 'Box 1',
  contact_person: 'Matrix Test',
  chain_id: 1,
  region_id: 1,
};
export const authz: AuthzRow[] = [
  { route: 'GET /api/stores', roles: READ },
  ...recordRows('/stores', { read: READ, write: MANAGE, id: '1', outOfScope: '14', payload: store }),
];
