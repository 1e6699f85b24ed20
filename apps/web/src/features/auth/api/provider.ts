import type { LoginAnswer } from '@wop/shared/api';
import type { SignInMethod } from '@wop/shared/auth';
import { api } from '../../../lib/api.ts';
import { signInHeaders } from './login.ts';

/** POST /api/auth/sign-in-method: a password, or the chain's own sign-in, for an e-mail address. */
export async function signInMethod(email: string): Promise<SignInMethod> {
  return (await api.post<SignInMethod>('/auth/sign-in-method', { email })).payload;
}

/** POST /api/auth/provider/start: where the browser goes to sign in at the chain's provider. */
export async function startProviderSignIn(email: string): Promise<string> {
  return (await api.post<{ authorization_url: string }>('/auth/provider/start', { email })).payload.authorization_url;
}

/** POST /api/auth/provider/complete: the session the provider's return left for this browser. */
export async function completeProviderSignIn(signIn: string): Promise<LoginAnswer> {
  return (await api.post<LoginAnswer>('/auth/provider/complete', { sign_in: signIn }, undefined, signInHeaders()))
    .payload;
}
