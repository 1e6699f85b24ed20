import type { AuthzRow } from '../../test/authz.ts';

export const authz: AuthzRow[] = [
  { route: 'GET /api/health/ready', roles: 'public' },
  // Guarded by METRICS_TOKEN, not by a role: off (404) in the default configuration.
  { route: 'GET /api/metrics', roles: 'public' },
];
