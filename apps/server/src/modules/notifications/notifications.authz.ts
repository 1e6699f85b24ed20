import { ROLES } from '@wop/shared/roles';
import type { AuthzRow } from '../../test/authz.ts';

// Notifications are the caller's own: no object of another scope can be named in these routes.
export const authz: AuthzRow[] = [
  { route: 'POST /api/events/ticket', roles: ROLES },
  // A malformed Last-Event-ID is refused after sign-in, so the matrix gets an answer instead of an open stream.
  { route: 'GET /api/events', roles: ROLES, query: { last_event_id: 'x' } },
  { route: 'GET /api/notifications', roles: ROLES },
  { route: 'GET /api/notifications/unread-count', roles: ROLES },
  { route: 'POST /api/notifications/read', roles: ROLES, payload: { all: true } },
  { route: 'GET /api/profile/notifications', roles: ROLES },
  { route: 'PUT /api/profile/notifications', roles: ROLES, payload: {} },
];
