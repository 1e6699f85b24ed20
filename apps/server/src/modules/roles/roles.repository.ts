import type { ListParams } from '@wop/shared/query';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';
import { searchIn } from '../../lib/http.ts';
import { pageAndTotal, pageWindow } from '../../lib/paging.ts';

const sortColumns = { id: roles.id, title: roles.title, slug: roles.slug, created_at: roles.createdAt };

const columns = { id: roles.id, title: roles.title, slug: roles.slug, builtin: roles.builtin };

export async function listRoles(db: DbOrTx, params: ListParams) {
  const where = searchIn([roles.title, roles.slug], params.q);
  const page = pageWindow(params, sortColumns, roles.id, asc(roles.id));
  return pageAndTotal(
    db.select(columns).from(roles).$dynamic(),
    db.select({ total: count() }).from(roles).$dynamic(),
    where,
    page,
  );
}

export async function findRole(db: DbOrTx, id: number) {
  const [row] = await db.select(columns).from(roles).where(eq(roles.id, id));
  return row;
}

export async function findRoleBySlug(db: DbOrTx, slug: string) {
  const [row] = await db.select(columns).from(roles).where(eq(roles.slug, slug));
  return row;
}

export async function insertRole(db: DbOrTx, values: { title: string; slug: string }) {
  const [row] = await db.insert(roles).values(values).returning(columns);
  return row;
}

export async function updateRole(db: DbOrTx, id: number, values: { title: string; slug: string }) {
  const [row] = await db.update(roles).set(values).where(eq(roles.id, id)).returning(columns);
  return row;
}

export async function deleteRole(db: DbOrTx, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

export async function countUsersWithRole(db: DbOrTx, id: number) {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.roleId, id));
  return n;
}
