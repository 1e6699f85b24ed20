import { z } from 'zod';
import { chainCostsBody, chainCostsSchema } from './costs.ts';
import { requiredEmail, requiredText, yesNo } from './org-fields.ts';
import { optionalText, text } from './primitives.ts';
import { listQuery } from './query.ts';
import { v } from './validation.ts';

/** Chain form (spec 5): every field required; has_region 1 or 0 (the form defaults to 1). */
export const chainBody = z.object({
  chain_name: requiredText(),
  phone: requiredText(50),
  email: requiredEmail(),
  invoice_address: requiredText(500),
  contact_person: requiredText(),
  has_region: yesNo,
});
export type ChainBody = z.output<typeof chainBody>;
export type ChainInput = z.input<typeof chainBody>;

/** A domain name as users' e-mail addresses end: lower case, at least two labels (`@` in front is dropped). */
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const MAX_EMAIL_DOMAINS = 20;

const emailDomain = text()
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, ''))
  .pipe(z.string().regex(DOMAIN, { message: v('domain') }));

/** The e-mail address's domain, lower case, as `email_domains` holds it. */
export const emailDomainOf = (email: string) => email.trim().toLowerCase().split('@').at(-1) ?? '';

/**
 * A chain's own OpenID Connect provider (api-contract "Sign-in with the chain's identity provider").
 * `client_secret` absent or empty keeps the one stored: it is never answered back.
 */
export const oidcSettingsBody = z.object({
  issuer: requiredText(500).pipe(z.url({ protocol: /^https?$/, message: v('url') })),
  client_id: requiredText(255),
  client_secret: optionalText(1000),
  email_domains: z
    .array(emailDomain)
    .min(1)
    .max(MAX_EMAIL_DOMAINS, { message: v('max_items', MAX_EMAIL_DOMAINS) })
    .transform((domains) => [...new Set(domains)]),
});
export type OidcSettingsBody = z.output<typeof oidcSettingsBody>;
export type OidcSettingsInput = z.input<typeof oidcSettingsBody>;

/**
 * `PUT /api/chains/{id}`: any of the chain form's fields (admins), the chain's sign-in settings
 * (admins and the chain's chain-admins): `oidc` (null removes the provider) and `password_sign_in`,
 * and its money settings (costs.ts: the rates and NTEs also by its chain-admins, the rest by admins).
 */
export const chainUpdateBody = chainBody.partial().extend(chainCostsBody.partial().shape).extend({
  oidc: oidcSettingsBody.nullable().optional(),
  password_sign_in: z.boolean().optional(),
});
export type ChainUpdateBody = z.output<typeof chainUpdateBody>;
/** The fields only admins may change; a chain-admin sending one is refused (403). */
export const CHAIN_FORM_FIELDS = Object.keys(chainBody.shape) as (keyof ChainBody)[];

/** "Test the connection": the issuer whose discovery document to fetch (the form's, before saving). */
export const oidcTestBody = z.object({ issuer: oidcSettingsBody.shape.issuer });
export const oidcTestSchema = z.object({
  ok: z.boolean(),
  /** The provider's own name for itself and where it signs users in, when it answered well. */
  issuer: z.string().nullable(),
  authorization_endpoint: z.string().nullable(),
});

/** A chain's provider as answered: never the secret, only whether one is stored. */
export const oidcSettingsSchema = z.object({
  issuer: z.string(),
  client_id: z.string(),
  email_domains: z.array(z.string()),
  client_secret_set: z.boolean(),
  /** The chain's users whose e-mail is outside these domains: they cannot sign in through the provider. */
  users_outside_domains: z.number(),
});
export type OidcSettings = z.infer<typeof oidcSettingsSchema>;

/** A chain as the API answers it. */
export const chainSchema = chainCostsSchema.extend({
  id: z.number(),
  chain_name: z.string(),
  phone: z.string(),
  email: z.string(),
  invoice_address: z.string(),
  contact_person: z.string(),
  has_region: z.union([z.literal(0), z.literal(1)]),
  regions_count: z.number(),
  stores_count: z.number(),
  created_at: z.string(),
  oidc: oidcSettingsSchema.nullable(),
  password_sign_in: z.boolean(),
});
export type Chain = z.infer<typeof chainSchema>;

export const CHAIN_SORTS = [
  'id',
  'chain_name',
  'phone',
  'email',
  'invoice_address',
  'contact_person',
  'has_region',
  'created_at',
] as const;

/** The chain list's query (and its export's). */
export const chainListQuery = listQuery(CHAIN_SORTS);
