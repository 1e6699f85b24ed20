import { useMutation } from '@tanstack/react-query';
import type { LoginAnswer } from '@wop/shared/api';
import type { LoginBody } from '@wop/shared/auth';
import { api } from '../../../lib/api.ts';
import { storedLanguage } from '../../../lib/i18n.ts';

/**
 * A sign-in names the language chosen on this browser (`lang`), which the server remembers; from a
 * browser where none was chosen it names none, and the answer's `user.language` is the one to show.
 */
export const signInHeaders = () => ({ lang: storedLanguage() ?? '' });

export type LoginInput = LoginBody;

/** POST /api/auth/login -> `{ access_token, token_type, expires_at, user }`. */
export async function login(input: LoginInput): Promise<LoginAnswer> {
  const { payload } = await api.post<LoginAnswer>('/auth/login', input, undefined, signInHeaders());
  return payload;
}

export function useLogin() {
  // The form says what went wrong in its own alert: no toast as well.
  return useMutation({ mutationFn: login, meta: { silent: true } });
}
