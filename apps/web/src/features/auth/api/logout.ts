import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api.ts';
import { clearSession, loginPath } from '../../../lib/session.ts';

/** POST /api/auth/logout (204): the server revokes the token. */
export async function logout(): Promise<void> {
  await api.post<null>('/auth/logout');
}

/** Logs out, then always forgets the session locally and goes to the login of the stored language. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Whatever the server says, the user wanted out: no toast, the session ends here.
    meta: { silent: true },
    onSettled: () => {
      clearSession('logout');
      queryClient.clear();
      navigate(loginPath(), { replace: true });
    },
  });
}
