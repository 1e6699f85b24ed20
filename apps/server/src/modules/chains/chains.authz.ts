import { type AuthzRow, recordRows } from '../../test/authz.ts';

const READ = ['super-admin', 'admin', 'chain-admin'] as const;
const MANAGE = ['super-admin', 'admin'] as const;

// Demo: chain 1 (Norrgården) is the chain-admin's, chain 2 (Kotimarket) is not.
// A chain-admin may update its own chain's sign-in settings (the form's fields stay with admins: 403).
export const authz: AuthzRow[] = [
  { route: 'GET /api/chains', roles: READ },
  ...recordRows('/chains', { read: READ, write: MANAGE, id: '1', outOfScope: '2' }).map((row) =>
    row.route === 'PUT /api/chains/:id' ? { ...row, roles: READ } : row,
  ),
];
