import { queryOptions } from '@tanstack/react-query';
import type { User } from '@wop/shared/api';
import { can, isRoleSlug, type Permission, type RoleSlug } from '@wop/shared/roles';
import { createContext, useContext } from 'react';
import { api } from './api.ts';

/** GET /api/profile: the signed-in user. A list payload (older servers) means its first item. */
export async function getProfile(signal?: AbortSignal): Promise<User> {
  const { payload } = await api.get<User | User[]>('/profile', undefined, signal);
  return Array.isArray(payload) ? payload[0] : payload;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
    retry: false,
    // The shell shows the maintenance screen or signs out instead of a toast.
    meta: { silent: true },
  });

export const CurrentUserContext = createContext<User | null>(null);

/** The signed-in user; only inside the signed-in part of the app. */
export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser must be used inside the signed-in app');
  return user;
}

export function useRole(): RoleSlug | null {
  const user = useContext(CurrentUserContext);
  return user && isRoleSlug(user.role) ? user.role : null;
}

/** Whether the signed-in user's role has a permission (the server still checks). */
export function useCan(permission: Permission): boolean {
  return can(useContext(CurrentUserContext)?.role, permission);
}
