import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@wop/shared/api';
import type { Chain, OidcSettingsInput } from '@wop/shared/chains';
import { CHAINS_KEY } from '../../../entities/chains.ts';
import { api } from '../../../lib/api.ts';

export interface SignInSettingsInput {
  oidc: OidcSettingsInput | null;
  password_sign_in?: boolean;
}

/** PUT /api/chains/{id} with the sign-in fields only (what a chain-admin may change). */
export function useSaveSignInSettings(chainId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SignInSettingsInput) => api.put<Chain>(`/chains/${chainId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHAINS_KEY }),
  });
}

export interface ConnectionTest {
  ok: boolean;
  issuer: string | null;
  authorization_endpoint: string | null;
}

/** POST /api/chains/{id}/sign-in/test: the provider's discovery document and keys, read now. */
export function useTestConnection(chainId: number) {
  return useMutation({
    mutationFn: (issuer: string): Promise<Envelope<ConnectionTest>> =>
      api.post<ConnectionTest>(`/chains/${chainId}/sign-in/test`, { issuer }),
    // The answer is shown beside the button, not as a toast.
    meta: { silent: true },
  });
}

/** The redirect URI the chain's IT registers at its provider (GET /api/config). */
export const redirectUriQueryOptions = () =>
  queryOptions({
    queryKey: ['config', 'sign-in-redirect-uri'],
    queryFn: async ({ signal }) =>
      (await api.get<{ sign_in_redirect_uri: string }>('/config', undefined, signal)).payload.sign_in_redirect_uri,
    staleTime: Number.POSITIVE_INFINITY,
  });
