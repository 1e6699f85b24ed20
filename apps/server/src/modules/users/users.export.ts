import { USER_SORTS } from '@wop/shared/users';
import { z } from 'zod';
import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { filterId, filterText, listQuery, optional } from '../../lib/http.ts';
import { scopeOf } from '../../lib/scope.ts';
import { usersInScope } from '../../lib/scope-sql.ts';
import { loadUserViews } from './user-view.ts';
import { listUserIds } from './users.repository.ts';

const id = filterId();
const usersQuery = listQuery(USER_SORTS).extend({
  role_id: filterText(),
  entity_type: optional(z.enum(['chain', 'region', 'store'])),
  entity_id: id,
  chain_id: id,
  region_id: id,
  store_id: id,
});

export const usersExport: ExportSource = {
  permission: 'export:users',
  sheet: 'users',
  file: 'users',
  query: usersQuery,
  columns: ['id', 'name', 'email', 'phone', 'role', 'entities'],
  async *rows(ctx, query: z.output<typeof usersQuery>) {
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
