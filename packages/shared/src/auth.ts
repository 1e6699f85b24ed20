import { z } from 'zod';
import { PASSWORD_MIN } from './constants.ts';
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

export const passwordBody = z
  .object({
    new_password: z.string().min(1).min(PASSWORD_MIN).max(1000),
    confirm_password: z.string().min(1),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    message: v('confirmed'),
    path: ['confirm_password'],
  });
export type PasswordBody = z.infer<typeof passwordBody>;
