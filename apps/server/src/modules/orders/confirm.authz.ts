import { PERMISSIONS } from '@wop/shared/roles';
import { type AuthzRow, orderRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [
  orderRow('POST /api/orders/:id/confirm', PERMISSIONS['order:confirm'], { payload: { fixed: true } }),
];
