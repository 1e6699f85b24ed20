import { ROLES } from '@wop/shared/roles';
import { type AuthzRow, orderRow } from '../../test/authz.ts';

// Demo order 4: store 1 "Norrgården Södermalm" (region Stockholm, chain 1), assigned to tech@ — inside the
// scope of every scoped demo user.
const params = { id: '4' };

export const authz: AuthzRow[] = [
  orderRow('GET /api/orders/:id/messages', ROLES, { params }),
  orderRow('POST /api/orders/:id/messages', ROLES, { params, payload: { body: 'Authorization matrix check.' } }),
  orderRow('GET /api/orders/:id/unreadmessages', ROLES, { params }),
  orderRow('POST /api/orders/:id/updateseen', ROLES, { params }),
];
