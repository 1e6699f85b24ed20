import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { scopeOf } from '../../lib/scope.ts';
import { usersInScope } from '../../lib/scope-sql.ts';
import { loadUserViews } from './user-view.ts';
import { listUserIds } from './users.repository.ts';

export const usersExport: ExportSource<'UsersExport'> = {
  permission: 'export:users',
  sheet: 'users',
  file: 'users',
  columns: ['id', 'name', 'email', 'phone', 'role', 'entities'],
  async *rows(ctx, query) {
    const scope = usersInScope(scopeOf(ctx.user));
    for await (const ids of allPages(query, async (page) => (await listUserIds(ctx.db, page, scope)).ids)) {
      const views = await loadUserViews(ctx.db, ids, ctx.locale, scopeOf(ctx.user));
      yield views.map((u) => [
        u.id,
        u.name,
        u.email,
        u.phone_no,
        u.role_label,
        u.entities_data.map((e) => e.chain_name ?? e.region_name ?? e.store_name).join(', '),
      ]);
    }
  },
};
