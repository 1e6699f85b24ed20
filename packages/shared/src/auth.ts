import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { requiredText } from './primitives.ts';
import { v } from './validation.ts';

export const loginBody = z.object({
  email: requiredText(),
  password: z.string().min(1).max(1000),
});
export type LoginBody = z.infer<typeof loginBody>;

export const profileBody = z.object({
  name: requiredText(),
  phone_no: requiredText(50),
});
export type ProfileBody = z.infer<typeof profileBody>;

/** A password change proves the current password; the new one may not be the e-mail address. */
export const passwordBody = z
  .object({
    current_password: z.string().min(1).max(1000),
    new_password: z.string().min(1).min(PASSWORD_MIN).max(PASSWORD_MAX),
    confirm_password: z.string().min(1),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: v('confirmed'),
    path: ['confirm_password'],
  });

/** The e-mail rule, which needs to know whose password it is (the server and the form both check it). */
export const isEmailAsPassword = (password: string, email: string) =>
  password.trim().toLowerCase() === email.trim().toLowerCase();
export type PasswordBody = z.infer<typeof passwordBody>;
