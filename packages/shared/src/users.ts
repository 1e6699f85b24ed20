import { z } from 'zod';
import { isEmailAsPassword } from './auth.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { blankToUndefined, idValue, requiredEmail, requiredText } from './org-fields.ts';
import { minorUnits } from './primitives.ts';
import { filterId, filterIdOrSlug, listQuery, optional } from './query.ts';
import { v } from './validation.ts';

/** entity_id: one id or a list of ids (multi-valued roles); empty means none. */
export const entityIds = z
  .preprocess((value) => {
    const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
    return list.map(blankToUndefined).filter((item) => item !== undefined);
  }, z.array(idValue).max(1000))
  .transform((ids) => [...new Set(ids)]);

const entityType = z.preprocess(blankToUndefined, z.enum(['chain', 'region', 'store']).optional());

/**
 * The highest quote a chain-admin or regional director may approve, in minor units of its chain's
 * currency; empty or null: the role's default (no limit for chain-admins, 0 for directors). Absent
 * on an update (a bulk update's empty cell) leaves it as it is. Other roles have none.
 */
export const approvalLimitField = z.preprocess(
  (value) => (value === '' ? null : value),
  minorUnits().nullable().optional(),
);
/** The roles that approve quotes, and so have an approval limit. */
export const APPROVER_ROLES = ['chain-admin', 'regional-director'] as const;

const userFields = {
  name: requiredText(),
  email: requiredEmail().transform((email) => email.toLowerCase()),
  phone_no: requiredText(50),
  role: requiredText(100),
  entity_type: entityType,
  entity_id: entityIds,
  approval_limit_minor: approvalLimitField,
};

/**
 * User form (spec 5, api-contract): the role is a slug; entity_type and entity_id follow
 * the role (admin-type roles carry none; the server drops them). Password required on
 * create, optional on update (sent only when filled), 8 to 128 characters.
 */
const passwordNotEmail = {
  message: v('not_email'),
  path: ['password'],
};
export const createUserBody = z
  .object({
    ...userFields,
    password: z.string().min(1).min(PASSWORD_MIN).max(PASSWORD_MAX),
  })
  .refine((body) => !isEmailAsPassword(body.password, body.email), passwordNotEmail);
export const updateUserBody = z
  .object({
    ...userFields,
    password: z.preprocess(blankToUndefined, z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional()),
  })
  .refine((body) => body.password === undefined || !isEmailAsPassword(body.password, body.email), passwordNotEmail);
export type CreateUserBody = z.output<typeof createUserBody>;
export type UpdateUserBody = z.output<typeof updateUserBody>;
export type UserInput = z.input<typeof updateUserBody>;

export const USER_SORTS = ['id', 'name', 'email', 'phone_no', 'role', 'created_at'] as const;

/** The user list's query (and its export's): `role_id` is a role's id or slug. */
export const userListQuery = listQuery(USER_SORTS).extend({
  role_id: filterIdOrSlug(),
  entity_type: optional(z.enum(['chain', 'region', 'store'])),
  entity_id: filterId(),
  chain_id: filterId(),
  region_id: filterId(),
  store_id: filterId(),
});
/** The technicians of the order forms, by name. */
export const technicianListQuery = listQuery(USER_SORTS, 'name');
