import { type AuthzRow, recordRows } from '../../test/authz.ts';

const LIST = ['super-admin', 'admin', 'chain-admin'] as const;
const MANAGE = ['super-admin'] as const;

export const authz: AuthzRow[] = [
  { route: 'GET /api/roles', roles: LIST },
  ...recordRows('/roles', { read: LIST, write: MANAGE, id: '1' }),
];
