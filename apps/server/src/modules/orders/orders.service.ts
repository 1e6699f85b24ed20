import type { Locale } from '@wop/shared/constants';
import {
  type CreateOrderFields,
  missingOrderFields,
  type OrderDetail,
  type OrderHistoryEntry,
  type OrderListQuery,
  type UpdateOrderBody,
} from '@wop/shared/orders';
import { can } from '@wop/shared/roles';
import { v } from '@wop/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type Conditional, pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { assetsInScope, chainsInScope, ordersInScope, regionsInScope, storesInScope } from '../../lib/scope-sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { type CheckedFile, removeFiles, storeFiles } from '../../lib/uploads.ts';
import * as notify from '../notifications/notify.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';
import { createPhoneInService } from '../phonein/phonein.service.ts';
import { orderListFilter } from './list/filter.ts';
import { listOrders } from './list/page.ts';
import { checkedAsset, planChanges } from './orders.changes.ts';
import { approvalLabel, iso, toDocument, toOrder, userOf } from './orders.mapping.ts';
import * as repo from './orders.repository.ts';

/** `now` is the clock of the phone-in's office hours (tests fix it). */
export function createOrdersService(
  db: Db,
  storage: Storage,
  timezone: string,
  now: () => Date = () => new Date(),
  recallWindowDays = 30,
) {
  const phoneIn = createPhoneInService(db, timezone, now);
  const scopeSql = (user: AuthUser) => ordersInScope(scopeOf(user));

  /** The order with its documents and history; `on` a transaction reads what that transaction wrote. */
  async function detail(user: AuthUser, id: number, locale: Locale, on: DbOrTx = db): Promise<OrderDetail> {
    const row = await repo.findOrder(on, id, scopeSql(user), user.id, locale, timezone);
    if (!row) throw new NotFoundError('orders.not_found');
    // One after the other: a transaction's client takes one query at a time.
    const documents = await repo.listDocuments(on, id);
    const events = await repo.listEvents(on, id);
    const statuses = await repo.allStatuses(on);
    const priorities = await repo.priorityRows(on);
    const statusTitle = new Map(statuses.map((s) => [s.slug, s.title]));
    const priorityTitle = new Map(priorities.map((p) => [String(p.id), p[`title_${locale}`]]));
    const label = (field: string, value: string | null): string | null => {
      if (value === null) return null;
      if (field === 'status') return statusLabel(locale, value, statusTitle.get(value) ?? value);
      if (field === 'approval_status') return approvalLabel(locale, value);
      if (field === 'priority') return priorityTitle.get(value) ?? value;
      return value;
    };
    const history: OrderHistoryEntry[] = events.map((e) => ({
      at: iso(e.at) as string,
      user: userOf(e.user_id, e.user_name),
      field: e.field,
      from: e.from_value,
      to: e.to_value,
      from_label: label(e.field, e.from_value),
      to_label: label(e.field, e.to_value),
    }));
    const order = toOrder(row, locale);
    // The number to phone stays on the order until someone picks it up, not only in the answer that created it.
    const open = order.status === 'pending' && order.approval_status !== 'rejected';
    const call = { storeId: order.store_id, workTypeId: order.worktype_id, priority: order.priority };
    const phone_in = open ? ((await phoneIn.forOrder(on, call, locale)) ?? null) : null;
    return { ...order, documents: documents.map(toDocument), history, phone_in };
  }

  /** The store an order is placed for, checked against the caller's role and scope (spec 5 and 6). */
  async function placeFor(user: AuthUser, fields: CreateOrderFields) {
    // A store manager with a single store places orders for it without choosing.
    const storeId =
      fields.store_id ?? (user.role === 'store-manager' && user.storeIds.length === 1 ? user.storeIds[0] : undefined);
    const errors: Record<string, string[]> = Object.fromEntries(
      Object.entries(missingOrderFields(user.role, { ...fields, store_id: storeId })).map(([field, key]) => [
        field,
        [key],
      ]),
    );
    if (!(await repo.workTypeExists(db, fields.worktype_id))) errors.worktype_id = [v('not_found')];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    const store = await repo.findStore(db, storeId as number, storesInScope(scopeOf(user)));
    if (!store) throw ValidationError.field('store_id', v('not_found'));
    if (fields.chain_id && fields.chain_id !== store.chain_id) throw ValidationError.field('store_id', v('invalid'));
    if (fields.region_id && fields.region_id !== store.region_id) throw ValidationError.field('store_id', v('invalid'));
    if (fields.asset_id) await checkedAsset(db, fields.asset_id, store.id, assetsInScope(scopeOf(user)));
    return store;
  }

  return {
    async list(user: AuthUser, query: OrderListQuery, locale: Locale) {
      const filter = orderListFilter(query, user, timezone);
      const { rows, total } = await listOrders(db, filter, query, user.id, locale);
      const now = Date.now();
      return pageOf(
        rows.map((row) => toOrder(row, locale, now)),
        total,
        query,
      );
    },

    detail,

    /** An ASAP order's answer also says whom to phone now (`phone_in`, api-contract "Phone-in for urgent orders"). */
    async create(user: AuthUser, fields: CreateOrderFields, files: CheckedFile[], locale: Locale = 'en') {
      // A field the role may not set is refused (spec 6); the route does so before reading the form.
      if (fields.approval_status && !can(user.role, 'order:set-approval')) throw new ForbiddenError();
      const store = await placeFor(user, fields);
      const written = await storeFiles(storage, files);
      try {
        return await db.transaction(async (tx) => {
          const order = await repo.insertOrder(tx, {
            description: fields.description,
            workTypeId: fields.worktype_id,
            priority: fields.priority,
            chainId: store.chain_id,
            regionId: store.region_id,
            storeId: store.id,
            createdBy: user.id,
            approvalStatus: fields.approval_status ?? 'pending',
            assetId: fields.asset_id ?? null,
          });
          await repo.insertDocuments(tx, order.id, user.id, written);
          await repo.insertEvents(tx, order.id, user, [
            { field: 'created', from: null, to: String(order.projectNumber) },
            ...written.map((w) => ({ field: 'document', from: null, to: w.name })),
          ]);
          const repeat = fields.asset_id ? await repo.markRepeat(tx, order.id, recallWindowDays) : null;
          await notify.orderCreated(tx, user, order.id);
          if (repeat) await notify.orderRepeat(tx, user, order.id, repeat);
          const call = { storeId: store.id, workTypeId: fields.worktype_id, priority: fields.priority };
          const phone_in = await phoneIn.forOrder(tx, call, locale);
          return { id: order.id, project_number: order.projectNumber, ...(phone_in ? { phone_in } : {}) };
        });
      } catch (error) {
        await removeFiles(
          storage,
          written.map((w) => w.storageKey),
        );
        throw error;
      }
    },

    /**
     * Applies the changes under the order's row lock. `matches` (from If-Match) is asked about the
     * version the lock saw: when it says no, nothing is written and the current order comes back as
     * `stale`. The answer is read in the same transaction, so its version is the one this write made.
     */
    async update(
      user: AuthUser,
      id: number,
      body: UpdateOrderBody,
      locale: Locale,
      matches?: (version: number) => boolean,
    ): Promise<Conditional<OrderDetail>> {
      return db.transaction(async (tx) => {
        const current = await repo.lockOrder(tx, id, scopeSql(user));
        if (!current) throw new NotFoundError('orders.not_found');
        if (matches && !matches(current.version)) return { stale: await detail(user, id, locale, tx) };
        const { changes, events } = await planChanges(tx, current, body, assetsInScope(scopeOf(user)));
        if (events.length) {
          await repo.updateOrder(tx, id, changes);
          await repo.insertEvents(tx, id, user, events);
          await notify.orderUpdated(tx, user, id, events);
          // Given another asset, the order is a repeat failure of that asset's last order, or not.
          if (changes.assetId !== undefined) {
            const repeat = await repo.markRepeat(tx, id, recallWindowDays);
            if (repeat) await notify.orderRepeat(tx, user, id, repeat);
          }
        }
        return { saved: await detail(user, id, locale, tx) };
      });
    },

    async remove(user: AuthUser, id: number) {
      const keys = await db.transaction(async (tx) => {
        const current = await repo.lockOrder(tx, id, scopeSql(user));
        if (!current) throw new NotFoundError('orders.not_found');
        return repo.deleteOrder(tx, id);
      });
      // The rows are gone; the files follow (a leftover file is harmless, a missing one is not).
      await removeFiles(storage, keys);
    },

    async assertVisible(user: AuthUser, id: number) {
      if (!(await repo.orderExists(db, id, scopeSql(user)))) throw new NotFoundError('orders.not_found');
    },

    async addDocuments(user: AuthUser, id: number, files: CheckedFile[]) {
      if (files.length === 0) throw ValidationError.field('documents', v('required'));
      const written = await storeFiles(storage, files);
      try {
        await db.transaction(async (tx) => {
          const current = await repo.lockOrder(tx, id, scopeSql(user));
          if (!current) throw new NotFoundError('orders.not_found');
          await repo.insertDocuments(tx, id, user.id, written);
          await repo.insertEvents(
            tx,
            id,
            user,
            written.map((w) => ({ field: 'document', from: null, to: w.name })),
          );
        });
      } catch (error) {
        await removeFiles(
          storage,
          written.map((w) => w.storageKey),
        );
        throw error;
      }
      return (await repo.listDocuments(db, id)).map(toDocument);
    },

    async document(user: AuthUser, id: number, documentId: number) {
      if (!(await repo.orderExists(db, id, scopeSql(user)))) throw new NotFoundError('orders.not_found');
      const row = await repo.findDocument(db, id, documentId);
      if (!row || !(await storage.exists(row.storage_key))) throw new NotFoundError('orders.document_not_found');
      return { row, stream: storage.read(row.storage_key) };
    },

    async priorities(locale: Locale) {
      const rows = await repo.priorityRows(db);
      return Object.fromEntries(rows.map((p) => [String(p.id), p[`title_${locale}`]]));
    },

    projectNumber: () => repo.previewProjectNumber(db),

    async options(user: AuthUser, filter: { chain_id?: number; region_id?: number; store_id?: number }) {
      const scope = scopeOf(user);
      const storeId = filter.store_id;
      const [chains, regions, stores, technicians, assets] = await Promise.all([
        repo.optionChains(db, chainsInScope(scope)),
        repo.optionRegions(db, regionsInScope(scope), filter.chain_id),
        repo.optionStores(db, storesInScope(scope), filter.chain_id, filter.region_id),
        can(user.role, 'order:assign-technician') ? repo.technicians(db) : Promise.resolve([]),
        // The assets of a store where the caller places orders, or handles one (a technician).
        storeId && (await repo.storeReachable(db, storeId, storesInScope(scope), ordersInScope(scope)))
          ? repo.optionAssets(db, storeId)
          : Promise.resolve([]),
      ]);
      return { chains, regions, stores, technicians, assets };
    },
  };
}
