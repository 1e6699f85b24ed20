import type { AuthzRow } from '../../test/authz.ts';

const READ = ['super-admin', 'admin', 'chain-admin', 'regional-director', 'store-manager'] as const;
const MANAGE = ['super-admin', 'admin', 'chain-admin', 'regional-director'] as const;
// Demo plan 1 is the demo store's (in every scoped demo user's scope); plan 3 the second chain's.
const OUT = { outOfScope: { id: '3' } };
/** A valid form, so that an edit of a plan out of scope is refused for its scope and not for its body. */
const FORM = {
  title: 'Kontroll',
  worktype_id: 1,
  priority: 30,
  targets: { store_ids: [1] },
  rule: { freq: 'monthly', interval: 1 },
  starts_on: '2026-01-01',
  version: 1,
};

export const authz: AuthzRow[] = [
  { route: 'GET /api/plans', roles: READ },
  { route: 'POST /api/plans', roles: MANAGE, payload: {} },
  { route: 'POST /api/plans/preview', roles: MANAGE, payload: {} },
  { route: 'GET /api/plans/calendar', roles: READ, query: { from: '2026-01-01', to: '2026-01-31' } },
  { route: 'GET /api/plans/:id', roles: READ, params: { id: '1' }, ...OUT },
  { route: 'PUT /api/plans/:id', roles: MANAGE, params: { id: '999999' }, ...OUT, payload: FORM },
  { route: 'DELETE /api/plans/:id', roles: MANAGE, params: { id: '999999' }, ...OUT },
  { route: 'GET /api/plans/:id/preview', roles: READ, params: { id: '1' }, ...OUT },
];
