import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@wop/shared/api';
import type { Locale } from '@wop/shared/constants';
import { can, hasRoute, isRoleSlug } from '@wop/shared/roles';
import { dashboardQueryOptions } from '../../entities/dashboard.ts';
import { prefetchOrderList } from '../../entities/orders.ts';
import { needsYouKind, needsYouQueryOptions, signOffQueryOptions } from '../../features/welcome/api/get-needs-you.ts';

/**
 * The calls of the user's home (`/`), started as soon as the profile says whose home it is and the first
 * screens' code has come, rather than once that code has rendered (and, for the admins, redirected to the
 * list): they run while the language and the first render are under way, and what has come by the first
 * render shows in it, instead of in one render per answer after it (each a long task on a phone). Only what
 * the top of the page shows: the open orders per status, at the bottom, are fetched by the page (on HTTP/1.1
 * the calls share six connections with the page's code, and the later the code the later the paint).
 * The same queries as the pages', so the pages render from them. Silent: each page reports its own failures.
 */
export function prefetchHome(queryClient: QueryClient, user: User, lng: Locale): void {
  if (can(user.role, 'dashboard:view'))
    void queryClient.prefetchQuery({ ...dashboardQueryOptions(), meta: { silent: true } });
  if (!hasRoute(user.role, 'welcome')) {
    // The admins' home is the unfiltered order list.
    prefetchOrderList(queryClient, '', lng);
    return;
  }
  void queryClient.prefetchQuery(needsYouQueryOptions(needsYouKind(isRoleSlug(user.role) ? user.role : null)));
  if (user.role === 'store-manager') void queryClient.prefetchQuery(signOffQueryOptions());
}
