import { ROLES } from '@wop/shared/roles';
import { type AuthzRow, recordRows } from '../../test/authz.ts';

const MANAGE = ['super-admin', 'admin'] as const;
const line = { city: 'Matrix', work_type_id: null, partner: 'Matrix Test AB', phone: '070-174 06 99' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/oncall-lines', roles: ROLES },
  { route: 'PUT /api/oncall-lines/service-desk', roles: MANAGE, payload: { service_desk_phone: '070-174 06 05' } },
  ...recordRows('/oncall-lines', { read: ROLES, write: MANAGE, id: '1', payload: line }),
];
