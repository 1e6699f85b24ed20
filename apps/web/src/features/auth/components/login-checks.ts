import { loginBody, signInMethodBody } from '@wop/shared/auth';
import type { ReactNode } from 'react';
import { schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import type { LoginInput } from '../api/login.ts';

// The sign-in form's checks: loaded on the first submit, so the validation library does not weigh
// on the sign-in page's first load.
const labels = { email: 'auth:login.email', password: 'auth:login.password' };

export const validateEmail = schemaResolver<Pick<LoginInput, 'email'>>(signInMethodBody, labels);
export const validateLogin = schemaResolver<LoginInput>(loginBody, labels);

export const showServerErrors = (setErrors: (errors: Record<string, ReactNode>) => void, error: unknown) =>
  setServerErrors({ setErrors }, error, labels);
