import { z } from 'zod';
import { int4Id, isoDateTime, requiredText } from './primitives.ts';
import type { Permission } from './roles.ts';
import { v } from './validation.ts';

/** What a key may do (api-contract "Integrations"). */
export const API_KEY_SCOPES = [
  'orders:read',
  'orders:write',
  'assets:read',
  'assets:write',
  'plans:read',
  'costs:read',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The scope each permission needs when a key calls: a route guarded by a permission missing here is
 * closed to keys (403), as is every route that checks no permission.
 */
export const PERMISSION_SCOPES: Partial<Record<Permission, ApiKeyScope>> = {
  'order:list': 'orders:read',
  'order:view': 'orders:read',
  'order:create': 'orders:write',
  'order:update': 'orders:write',
  'order:set-priority': 'orders:write',
  'order:set-status': 'orders:write',
  'order:set-dates': 'orders:write',
  'order:set-asset': 'orders:write',
  'order:upload': 'orders:write',
  'asset:list': 'assets:read',
  'asset:manage': 'assets:write',
  'cost:list': 'costs:read',
  'plan:list': 'plans:read',
};

/** Every key starts so: secret scanners and people can tell it from a session token. */
export const API_KEY_PREFIX = 'wop_';

export const API_KEY_NAME_MAX = 100;

export const apiKeyBody = z.object({
  name: requiredText(API_KEY_NAME_MAX),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: v('invalid') }))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { message: v('unique') }),
  /** Required of a chain-admin of several chains; an admin's key without one reaches every chain. */
  chain_id: int4Id().optional(),
  /** ISO 8601, in the future; without it the key lasts until revoked. */
  expires_at: isoDateTime().optional(),
});
export type ApiKeyBody = z.output<typeof apiKeyBody>;

/** A key as listed: never the key itself. */
export const apiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The key's first characters. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  chain_id: z.number().nullable(),
  created_by: z.number().nullable(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a creation: the key, this once. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
