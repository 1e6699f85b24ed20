import type { User } from '@wop/shared/api';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@wop/shared/constants';
import { isRoleSlug, ROLE_ENTITY } from '@wop/shared/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import type { Scope } from '../../lib/scope.ts';
import { chainsInScope, regionsInScope, storesInScope } from '../../lib/scope-sql.ts';

interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  email: string;
  phone_no: string | null;
  approval_limit_minor: number | null;
  language: string | null;
  role: string;
  role_title: string;
  chains: { id: number; chain_name: string }[];
  regions: { id: number; region_name: string; chain_id: number }[];
  stores: { id: number; store_name: string; chain_id: number; region_id: number | null; chain_name: string }[];
}

/**
 * The contract's `user` shape for a list of user ids, in their order. With a viewer's scope, the
 * bound chains, regions and stores are only those the viewer may see (a user bound across chains
 * shows a chain-admin only its own chain's part).
 */
export async function loadUserViews(db: DbOrTx, ids: number[], locale: Locale, viewer?: Scope): Promise<User[]> {
  if (ids.length === 0) return [];
  const visible = (filter: SQL | undefined) => (viewer && filter ? sql`and ${filter}` : sql``);
  const { rows } = await db.execute<Row>(sql`
    select u.id, u.name, u.email, u.phone_no, u.approval_limit_minor, r.slug as role, r.title as role_title,
      (select ns.locale from notification_settings ns where ns.user_id = u.id) as language,
      coalesce((select json_agg(json_build_object('id', chains.id, 'chain_name', chains.chain_name) order by chains.id)
        from user_chains uc join chains on chains.id = uc.chain_id
        where uc.user_id = u.id ${visible(viewer && chainsInScope(viewer))}), '[]') as chains,
      coalesce((select json_agg(json_build_object('id', regions.id, 'region_name', regions.region_name,
          'chain_id', regions.chain_id) order by regions.id)
        from user_regions ur join regions on regions.id = ur.region_id
        where ur.user_id = u.id ${visible(viewer && regionsInScope(viewer))}), '[]') as regions,
      coalesce((select json_agg(json_build_object('id', stores.id, 'store_name', stores.store_name,
          'chain_id', stores.chain_id, 'region_id', stores.region_id, 'chain_name', sc.chain_name) order by stores.id)
        from user_stores us join stores on stores.id = us.store_id join chains sc on sc.id = stores.chain_id
        where us.user_id = u.id ${visible(viewer && storesInScope(viewer))}), '[]') as stores
    from users u join roles r on r.id = u.role_id
    where u.id in ${sql.raw(`(${ids.map((id) => Number(id)).join(',')})`)}`);
  const byId = new Map(rows.map((row) => [row.id, toView(row, locale)]));
  return ids.map((id) => byId.get(id)).filter((user): user is User => user !== undefined);
}

function toView(row: Row, locale: Locale): User {
  const entityType = isRoleSlug(row.role) ? ROLE_ENTITY[row.role] : null;
  const entities =
    entityType === 'chain'
      ? row.chains.map((c) => ({ id: c.id, chain_name: c.chain_name }))
      : entityType === 'region'
        ? row.regions.map((g) => ({ id: g.id, region_name: g.region_name, chain_id: g.chain_id }))
        : entityType === 'store'
          ? row.stores.map((s) => ({
              id: s.id,
              store_name: s.store_name,
              chain_id: s.chain_id,
              region_id: s.region_id,
            }))
          : [];
  const store = entityType === 'store' ? row.stores[0] : undefined;
  const labelKey = `roles.${row.role}`;
  const label = translate(locale, labelKey);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_no: row.phone_no,
    role: row.role,
    role_title: row.role_title,
    role_label: label === labelKey ? row.role_title : label,
    entity_type: entityType,
    entity_id: entities[0]?.id ?? null,
    entities_ids: entities.map((e) => e.id),
    entities_data: entities,
    approval_limit_minor: row.approval_limit_minor,
    language: isLocale(row.language) ? row.language : DEFAULT_LOCALE,
    entity_detail: store
      ? {
          id: store.id,
          chain_id: store.chain_id,
          region_id: store.region_id,
          store_name: store.store_name,
          chain: { id: store.chain_id, chain_name: store.chain_name },
        }
      : null,
  };
}
