import type { ListParams } from '@wop/shared/query';
import type { TitleSlugBody } from '@wop/shared/reference';
import { v } from '@wop/shared/validation';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import * as repo from './roles.repository.ts';

type RoleRow = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;
const view = (row: RoleRow) => ({ id: row.id, title: row.title, slug: row.slug, builtin: row.builtin });

export function createRolesService(db: Db) {
  async function get(id: number) {
    const row = await repo.findRole(db, id);
    if (!row) throw new NotFoundError('roles.not_found');
    return row;
  }

  async function assertSlugFree(slug: string, exceptId?: number) {
    const existing = await repo.findRoleBySlug(db, slug);
    if (existing && existing.id !== exceptId) {
      // The form shows the title error on the slug field too (spec 5).
      throw new ValidationError({ title: [v('unique')], slug: [v('unique')] });
    }
  }

  return {
    async list(params: ListParams) {
      const { rows, total } = await repo.listRoles(db, params);
      return pageOf(rows.map(view), total, params);
    },
    get: async (id: number) => view(await get(id)),
    async create(body: TitleSlugBody) {
      await assertSlugFree(body.slug);
      return view(await repo.insertRole(db, body));
    },
    async update(id: number, body: TitleSlugBody) {
      const role = await get(id);
      // The six built-in roles drive every permission: their slugs never change.
      if (role.builtin && body.slug !== role.slug) throw ValidationError.field('slug', 'roles.builtin_slug');
      await assertSlugFree(body.slug, id);
      return view(await repo.updateRole(db, id, body));
    },
    async remove(id: number) {
      const role = await get(id);
      if (role.builtin) throw new ConflictError('roles.builtin_delete');
      const holders = await repo.countUsersWithRole(db, id);
      if (holders > 0) throw new ConflictError('roles.in_use', { count: holders });
      await repo.deleteRole(db, id);
    },
  };
}
