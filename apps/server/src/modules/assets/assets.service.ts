import {
  type Asset,
  type AssetAttention,
  type AssetBody,
  type AssetHistoryItem,
  ATTENTION_ORDERS,
} from '@wop/shared/assets';
import type { Locale } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ConflictError, ForbiddenError, isUniqueViolation, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type Conditional, pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { assetsInScope, ordersInScope } from '../../lib/scope-sql.ts';
import { iso } from '../orders/orders.mapping.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';
import * as repo from './assets.repository.ts';

export const assetView = (row: repo.AssetRow): Asset => ({
  id: row.id,
  tag: row.tag,
  name: row.name,
  status: row.status,
  store_id: row.store_id,
  store: { id: row.store_id, store_name: row.store_name },
  chain_id: row.chain_id,
  chain: { id: row.chain_id, chain_name: row.chain_name },
  region_id: row.region_id,
  region:
    row.region_id !== null && row.region_name !== null ? { id: row.region_id, region_name: row.region_name } : null,
  worktype_id: row.worktype_id,
  worktype_label: row.worktype_label,
  make: row.make,
  model: row.model,
  serial: row.serial,
  installed_on: row.installed_on,
  warranty_until: row.warranty_until,
  under_warranty: row.under_warranty,
  replacement_value_minor: row.replacement_value_minor,
  notes: row.notes,
  orders_90d: row.orders_90d,
  cost_12m_minor: row.cost_12m_minor,
  attention: attentionOf(row),
  version: row.version,
  created_at: iso(row.created_at) as string,
  updated_at: iso(row.updated_at) as string,
});

/**
 * Why an asset needs attention: `replace` when its orders of the last 12 months cost half its
 * replacement value or more (the stronger advice), else `repeated` with ATTENTION_ORDERS or more
 * orders in ATTENTION_DAYS.
 */
export function attentionOf(row: {
  orders_90d: number;
  cost_12m_minor: number;
  replacement_value_minor: number | null;
}): AssetAttention | null {
  const value = row.replacement_value_minor;
  if (value !== null && value > 0 && 2 * row.cost_12m_minor >= value) return 'replace';
  return row.orders_90d >= ATTENTION_ORDERS ? 'repeated' : null;
}

/** The tag an asset gets when none is given: `A` and its id, e.g. A000042. */
export const generatedTag = (id: number) => `A${String(id).padStart(6, '0')}`;

/** A generated tag the chain does not use yet (someone may have typed one of that form by hand). */
export function freeTag(id: number, taken: Set<string>): string {
  const base = generatedTag(id);
  let tag = base;
  for (let n = 2; taken.has(tag); n++) tag = `${base}-${n}`;
  return tag;
}

/** May this user register or change the assets of this store? The store's own scope, as for reading. */
export function mayWriteStore(user: AuthUser, store: { id: number; chain_id: number; region_id: number | null }) {
  const scope = scopeOf(user);
  switch (scope.kind) {
    case 'all':
      return true;
    case 'chains':
      return scope.ids.includes(store.chain_id);
    case 'regions':
      return store.region_id !== null && scope.ids.includes(store.region_id);
    case 'stores':
      return scope.ids.includes(store.id);
    case 'technician':
      return false;
  }
}

/** May this user import assets into this chain? Admins: any; chain-admins: their own. */
export function mayWriteChain(user: AuthUser, chainId: number) {
  const scope = scopeOf(user);
  return scope.kind === 'all' || (scope.kind === 'chains' && scope.ids.includes(chainId));
}

/** A duplicate tag written by someone else between our check and our write (the unique index caught it). */
export const isTagTaken = (error: unknown) => isUniqueViolation(error, 'assets_tag_chain_key');

export function createAssetsService(db: Db, timezone: string) {
  const scopeSql = (user: AuthUser) => assetsInScope(scopeOf(user));

  async function visible(user: AuthUser, id: number, locale: Locale, on: DbOrTx = db) {
    const row = await repo.findAsset(on, id, scopeSql(user), locale, timezone);
    if (!row) throw new NotFoundError('assets.not_found');
    return row;
  }

  /** The asset's store (where the caller may write), work type and tag, checked; the values to write. */
  async function checkedValues(
    tx: DbOrTx,
    user: AuthUser,
    body: AssetBody,
    current?: { id: number; tag: string; chain_id: number },
  ): Promise<Omit<repo.AssetValues, 'tag'> & { tag: string | null }> {
    const store = await repo.findStore(tx, body.store_id);
    // A store the caller may not write to is refused as one that does not exist (nothing revealed).
    if (!store || !mayWriteStore(user, store)) throw ValidationError.field('store_id', v('not_found'));
    if (!(await repo.workTypeExists(tx, body.worktype_id))) throw ValidationError.field('worktype_id', v('not_found'));
    // On an update an empty tag keeps the asset's own: its label is printed already.
    const tag = body.tag ?? current?.tag ?? null;
    if (tag !== null && (await repo.takenTags(tx, store.chain_id, [tag], current?.id)).size > 0) {
      throw ValidationError.field('tag', v('unique'));
    }
    return {
      storeId: store.id,
      chainId: store.chain_id,
      regionId: store.region_id,
      name: body.name,
      workTypeId: body.worktype_id,
      make: body.make,
      model: body.model,
      serial: body.serial,
      tag,
      installedOn: body.installed_on,
      warrantyUntil: body.warranty_until,
      replacementValueMinor: body.replacement_value_minor,
      status: body.status,
      notes: body.notes,
    };
  }

  async function writing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isTagTaken(error)) throw ValidationError.field('tag', v('unique'));
      throw error;
    }
  }

  return {
    async list(user: AuthUser, params: repo.AssetListParams, locale: Locale) {
      const { rows, total } = await repo.listAssets(db, scopeSql(user), params, locale, timezone);
      return pageOf(rows.map(assetView), total, params);
    },

    get: async (user: AuthUser, id: number, locale: Locale) => assetView(await visible(user, id, locale)),

    /** The asset's orders the caller sees, open first, newest first within each. */
    async history(user: AuthUser, id: number, page: { page: number; limit: number }, locale: Locale) {
      await visible(user, id, locale);
      const { rows, total } = await repo.assetHistory(db, id, ordersInScope(scopeOf(user)), page, timezone);
      const items: AssetHistoryItem[] = rows.map((row) => ({
        id: row.id,
        project_number: row.project_number,
        description: row.description,
        status: row.status,
        status_label: statusLabel(locale, row.status, row.status_title),
        open: row.status !== 'completed',
        created_at: iso(row.created_at) as string,
        completed_at: iso(row.completed_at),
        technician_name: row.technician_name,
        under_warranty: row.under_warranty,
        repeat_of:
          row.repeat_of_id && row.repeat_of_project_number
            ? { id: row.repeat_of_id, project_number: row.repeat_of_project_number }
            : null,
        time_on_site_minutes: row.time_on_site_minutes,
        cost_minor: row.cost_minor,
      }));
      return pageOf(items, total, page);
    },

    /** The assets of a label sheet: those chosen, or those the filters match; at most a thousand. */
    async forLabels(user: AuthUser, params: Omit<repo.AssetListParams, 'page' | 'limit'>, locale: Locale) {
      const page = { ...params, page: 1, limit: 1000 };
      const { rows } = await repo.listAssets(db, scopeSql(user), page, locale, timezone);
      if (rows.length === 0) throw new NotFoundError('assets.none_to_print');
      return rows.map(assetView);
    },

    /** A scanned or typed tag: the one asset in scope with it; several (chains) ask for the chain. */
    async byTag(user: AuthUser, rawTag: string, chainId: number | undefined, locale: Locale) {
      const rows = await repo.findByTag(db, rawTag.trim().toUpperCase(), scopeSql(user), chainId, locale, timezone);
      if (rows.length === 0) throw new NotFoundError('assets.tag_not_found');
      if (rows.length > 1) throw new ConflictError('assets.tag_in_several_chains');
      return assetView(rows[0]);
    },

    async create(user: AuthUser, body: AssetBody, locale: Locale) {
      const id = await writing(() =>
        db.transaction(async (tx) => {
          const values = await checkedValues(tx, user, body);
          const [id] = await repo.reserveIds(tx, 1);
          const tag = values.tag ?? freeTag(id, await repo.takenTags(tx, values.chainId, [generatedTag(id)]));
          await repo.insertAssets(tx, [{ ...values, tag, id, createdBy: user.id }]);
          return id;
        }),
      );
      return assetView(await visible(user, id, locale));
    },

    /**
     * Applies the form under the asset's row lock. `matches` (from If-Match) is asked about the
     * version the lock saw: when it says no, nothing is written and the current asset comes back as
     * `stale`.
     */
    async update(
      user: AuthUser,
      id: number,
      body: AssetBody,
      locale: Locale,
      matches?: (version: number) => boolean,
    ): Promise<Conditional<Asset>> {
      return writing(() =>
        db.transaction(async (tx) => {
          const current = await repo.lockAsset(tx, id, scopeSql(user));
          if (!current) throw new NotFoundError('assets.not_found');
          if (
            !mayWriteStore(user, { id: current.store_id, chain_id: current.chain_id, region_id: current.region_id })
          ) {
            throw new ForbiddenError();
          }
          if (matches && !matches(current.version)) return { stale: assetView(await visible(user, id, locale, tx)) };
          const values = await checkedValues(tx, user, body, current);
          await repo.updateAsset(tx, id, { ...values, tag: values.tag ?? current.tag });
          return { saved: assetView(await visible(user, id, locale, tx)) };
        }),
      );
    },

    /** Only an asset without orders: one with a history is retired instead (409). */
    async remove(user: AuthUser, id: number) {
      await db.transaction(async (tx) => {
        const current = await repo.lockAsset(tx, id, scopeSql(user));
        if (!current) throw new NotFoundError('assets.not_found');
        if (!mayWriteStore(user, { id: current.store_id, chain_id: current.chain_id, region_id: current.region_id })) {
          throw new ForbiddenError();
        }
        const orders = await repo.orderCount(tx, id);
        if (orders > 0) throw new ConflictError('assets.has_orders', { count: orders });
        await repo.deleteAsset(tx, id);
      });
    },
  };
}
