import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { usersInScope } from '../../lib/scope-sql.ts';
import { loadUserViews } from './user-view.ts';
import { listUserIds } from './users.repository.ts';

export const usersExport: ExportSource<'UsersExport'> = {
  permission: 'export:users',
  sheet: 'users',
  file: 'users',
  columns: ['id', 'name', 'email', 'phone', 'role', 'entities'],
  rows: (ctx, query) =>
    allPages(
      query,
      async (page) =>
        loadUserViews(ctx.db, (await listUserIds(ctx.db, page, usersInScope(ctx.scope))).ids, ctx.locale, ctx.scope),
      (u) => [
        u.id,
        u.name,
        u.email,
        u.phone_no,
        u.role_label,
        u.entities_data.map((e) => e.chain_name ?? e.region_name ?? e.store_name).join(', '),
      ],
    ),
};
