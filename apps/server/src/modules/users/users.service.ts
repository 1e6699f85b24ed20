import type { Locale } from '@wop/shared/constants';
import type { ListParams } from '@wop/shared/query';
import { isRoleSlug, mayManageRole, ROLE_ENTITY, type RoleSlug } from '@wop/shared/roles';
import { APPROVER_ROLES, type CreateUserBody, type UpdateUserBody } from '@wop/shared/users';
import { v } from '@wop/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { hashPassword } from '../../lib/password.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { usersInScope } from '../../lib/scope-sql.ts';
import { loadUserViews } from './user-view.ts';
import * as repo from './users.repository.ts';

const isAdmin = (user: AuthUser) => user.role === 'super-admin' || user.role === 'admin';

/**
 * May the caller change this user? A super-admin: anyone; an admin: anyone but a super-admin. A
 * chain-admin: only store-managers and regional directors whose every binding lies inside its own chains.
 */
function mayChange(user: AuthUser, target: repo.UserTarget): boolean {
  if (!mayManageRole(user.role, target.role)) return false;
  if (isAdmin(user)) return true;
  const chains = [...target.chainIds, ...target.regionChainIds, ...target.storeChainIds];
  return chains.every((id) => user.chainIds.includes(id));
}

/**
 * The approval limit to store: only approvers (chain-admins, regional directors) have one; `undefined`
 * keeps the stored one, unless the role changes (a former approver's limit goes with its role).
 */
function approvalLimit(role: string, limit: number | null | undefined, roleChanged = false) {
  if (!(APPROVER_ROLES as readonly string[]).includes(role)) return null;
  return limit === undefined && roleChanged ? null : limit;
}

export function createUsersService(db: Db) {
  async function visible(user: AuthUser, id: number) {
    const target = await repo.findUserTarget(db, id, usersInScope(scopeOf(user)));
    if (!target) throw new NotFoundError('users.not_found');
    return target;
  }

  async function view(user: AuthUser, id: number, locale: Locale) {
    const [found] = await loadUserViews(db, [id], locale, scopeOf(user));
    return found;
  }

  /** Role, entity and e-mail checks shared by create and update; answers what to store. */
  async function checked(tx: DbOrTx, user: AuthUser, body: CreateUserBody | UpdateUserBody, exceptId?: number) {
    const role = await repo.findRoleBySlug(tx, body.role);
    if (!role) throw ValidationError.field('role', v('not_found'));
    // A chain-admin gives only the roles it may (store-manager, regional-director); admins any role
    // but super-admin.
    if (!mayManageRole(user.role, role.slug)) throw new ForbiddenError();

    // Admin-type (and custom) roles carry no entity: whatever was sent for it is dropped.
    const entityType = isRoleSlug(role.slug) ? ROLE_ENTITY[role.slug as RoleSlug] : null;
    let entityIds: number[] = [];
    if (entityType) {
      if (body.entity_type && body.entity_type !== entityType) throw ValidationError.field('entity_type', v('invalid'));
      if (body.entity_id.length === 0) throw ValidationError.field('entity_id', v('required'));
      const chainOf = await repo.entityChains(tx, entityType, body.entity_id);
      // Entities outside a chain-admin's chains are refused without telling whether they exist.
      if (!isAdmin(user) && body.entity_id.some((id) => !user.chainIds.includes(chainOf.get(id) ?? -1))) {
        throw new ForbiddenError();
      }
      if (body.entity_id.some((id) => !chainOf.has(id))) throw ValidationError.field('entity_id', v('not_found'));
      entityIds = body.entity_id;
    }

    const holder = await repo.findUserIdByEmail(tx, body.email);
    if (holder !== undefined && holder !== exceptId) throw ValidationError.field('email', v('unique'));
    return { roleId: role.id, roleSlug: role.slug, entityType, entityIds };
  }

  return {
    async list(user: AuthUser, params: ListParams & repo.UserFilters, locale: Locale) {
      const { ids, total } = await repo.listUserIds(db, params, usersInScope(scopeOf(user)));
      return pageOf(await loadUserViews(db, ids, locale, scopeOf(user)), total, params);
    },

    async technicians(params: ListParams, locale: Locale) {
      const { ids, total } = await repo.listUserIds(db, { ...params, role_slug: 'technician' }, undefined);
      return pageOf(await loadUserViews(db, ids, locale), total, params);
    },

    async get(user: AuthUser, id: number, locale: Locale) {
      await visible(user, id);
      return view(user, id, locale);
    },

    /** `hashed`: the password's hash made beforehand (a bulk import hashes before its transaction). */
    async create(user: AuthUser, body: CreateUserBody, locale: Locale, hashed?: string) {
      const passwordHash = hashed ?? (await hashPassword(body.password));
      const id = await db.transaction(async (tx) => {
        const c = await checked(tx, user, body);
        const newId = await repo.insertUser(tx, {
          name: body.name,
          email: body.email,
          phoneNo: body.phone_no,
          roleId: c.roleId,
          passwordHash,
          approvalLimitMinor: approvalLimit(body.role, body.approval_limit_minor) ?? null,
        });
        await repo.setBindings(tx, newId, c.entityType, c.entityIds);
        return newId;
      });
      return view(user, id, locale);
    },

    async update(user: AuthUser, id: number, body: UpdateUserBody, locale: Locale, hashed?: string) {
      const target = await visible(user, id);
      if (!mayChange(user, target)) throw new ForbiddenError();
      // Nobody changes their own role here: an admin could lock themselves out.
      if (target.id === user.id && body.role !== target.role) throw ValidationError.field('role', 'users.own_role');
      const passwordHash = body.password ? (hashed ?? (await hashPassword(body.password))) : undefined;
      await db.transaction(async (tx) => {
        const c = await checked(tx, user, body, id);
        await repo.updateUser(tx, id, {
          name: body.name,
          email: body.email,
          phoneNo: body.phone_no,
          roleId: c.roleId,
          ...(passwordHash ? { passwordHash } : {}),
          approvalLimitMinor: approvalLimit(body.role, body.approval_limit_minor, target.role !== body.role),
        });
        await repo.setBindings(tx, id, c.entityType, c.entityIds);
        // A new password set by an administrator ends the user's sessions (not the caller's own).
        if (passwordHash && id !== user.id) await repo.revokeTokens(tx, id);
      });
      return view(user, id, locale);
    },

    async remove(user: AuthUser, id: number) {
      const target = await visible(user, id);
      if (target.id === user.id) throw new ForbiddenError('users.delete_self');
      if (!mayChange(user, target)) throw new ForbiddenError();
      await repo.deleteUser(db, id);
    },
  };
}
