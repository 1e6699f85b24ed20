import { z } from 'zod';
import { LOCALES, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
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

const absent = z.never().optional();
/**
 * `POST /api/profile`: a password change, or else the name and phone number (with no key of the
 * password form: a password change that fails its rules is never taken for a profile edit). A 422
 * names the fields of the form the body is closest to.
 */
export const profileUpdateBody = z.union([
  passwordBody,
  profileBody.extend({ current_password: absent, new_password: absent, confirm_password: absent }),
]);

/** A chain, region or store a user is bound to, with the names the user list shows. */
export const entityRefSchema = z.object({
  id: z.number(),
  chain_name: z.string().optional(),
  region_name: z.string().optional(),
  store_name: z.string().optional(),
  /** The chain of a bound region or store, and the region of a bound store (to prefill forms). */
  chain_id: z.number().optional(),
  region_id: z.number().nullable().optional(),
});

/** A user as the API answers it: the profile, the login answer and the user list. */
export const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone_no: z.string().nullable(),
  role: z.string(),
  role_title: z.string(),
  role_label: z.string(),
  entity_type: z.enum(['chain', 'region', 'store']).nullable(),
  entity_id: z.number().nullable(),
  entities_ids: z.array(z.number()),
  entities_data: z.array(entityRefSchema),
  /** Chain-admins and regional directors: the highest quote they approve (null: the role's default). */
  approval_limit_minor: z.number().nullable(),
  /** The language the user last chose (a new browser starts in it after sign-in). */
  language: z.enum(LOCALES),
  entity_detail: z
    .object({
      id: z.number(),
      chain_id: z.number(),
      region_id: z.number().nullable(),
      store_name: z.string(),
      chain: z.object({ id: z.number(), chain_name: z.string() }),
    })
    .nullable(),
});

/** `PUT /api/profile/language`: the language chosen in the app. */
export const languageBody = z.object({
  language: z.enum(LOCALES, { error: (issue) => (issue.input === undefined ? v('required') : v('invalid')) }),
});
export const languageSchema = languageBody;

export const loginAnswerSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_at: z.string(),
  user: userSchema,
});

/** A token for one download link (`?access_token=`). */
export const downloadTokenSchema = z.object({ token: z.string(), expires_at: z.string() });

/**
 * The sign-in page's first step: where an e-mail address signs in. `provider`: through its chain's own
 * identity provider (`chain_name` names it; `password_sign_in` says whether a password is still allowed).
 */
export const signInMethodBody = z.object({ email: requiredText() });
export const signInMethodSchema = z.object({
  method: z.enum(['password', 'provider']),
  chain_name: z.string().nullable(),
  password_sign_in: z.boolean(),
});
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** Starts a sign-in at the chain's provider: the browser goes to `authorization_url`. */
export const providerStartBody = signInMethodBody;
export const providerStartSchema = z.object({ authorization_url: z.string() });

/** Ends it: the one-time `sign_in` code the provider's return left in the sign-in page's address. */
export const providerCompleteBody = z.object({ sign_in: z.string().min(1).max(200) });
