import type { AuthzRow } from '../../test/authz.ts';

const MANAGE = ['super-admin', 'admin', 'chain-admin'] as const;
const params = { id: '999999' };

export const authz: AuthzRow[] = [
  { route: 'GET /api/webhooks', roles: MANAGE },
  { route: 'POST /api/webhooks', roles: MANAGE, payload: {} },
  { route: 'GET /api/webhooks/:id', roles: MANAGE, params },
  { route: 'PUT /api/webhooks/:id', roles: MANAGE, params, payload: {} },
  { route: 'DELETE /api/webhooks/:id', roles: MANAGE, params },
  { route: 'POST /api/webhooks/:id/rotate-secret', roles: MANAGE, params },
  { route: 'POST /api/webhooks/:id/test', roles: MANAGE, params },
  { route: 'GET /api/webhooks/:id/deliveries', roles: MANAGE, params },
  { route: 'POST /api/webhooks/:id/deliveries/retry', roles: MANAGE, params, payload: {} },
  {
    route: 'POST /api/webhooks/:id/deliveries/:deliveryId/retry',
    roles: MANAGE,
    params: { id: '999999', deliveryId: '1' },
  },
];
