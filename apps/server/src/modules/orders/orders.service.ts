import { COMPLETED_STATUS, type Locale, type Priority } from '@wop/shared/constants';
import {
  type CreateOrderFields,
  createOrderFields,
  missingOrderFields,
  type Order,
  type OrderDetail,
  type OrderDocument,
  type OrderHistoryEntry,
  type UpdateOrderBody,
  usesCompletedAt,
  usesPlannedAt,
} from '@wop/shared/orders';
import { can } from '@wop/shared/roles';
import { v } from '@wop/shared/validation';
import type { Db, DbOrTx } from '../../db/client.ts';
import { translate } from '../../i18n/index.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope, ordersInScope, regionsInScope, storesInScope } from '../../lib/scope-sql.ts';
import type { Storage } from '../../lib/storage.ts';
import { type CheckedFile, removeFiles, storeFiles } from '../../lib/uploads.ts';
import * as notify from '../notifications/notify.ts';
import { statusLabel } from '../orderstatus/orderstatus.labels.ts';
import { type ListQuery, orderListFilter } from './orders.filter.ts';
import * as repo from './orders.repository.ts';

const iso = (value: Date | string | null | undefined): string | null =>
  value === null || value === undefined ? null : new Date(value).toISOString();

const link = (id: number | null, projectNumber: number | null) =>
  id && projectNumber ? { id, project_number: projectNumber } : null;

export const approvalLabel = (locale: Locale, status: string) => translate(locale, `orders.approval.${status}`);

function toOrder(row: repo.OrderRow, locale: Locale, now = Date.now()): Order {
  const dueAt = new Date(row.due_at);
  return {
    id: row.id,
    project_number: row.project_number,
    description: row.description,
    worktype_id: row.worktype_id,
    worktype_label: row.worktype_label,
    priority: row.priority as Priority,
    priority_label: row.priority_label,
    chain_id: row.chain_id,
    region_id: row.region_id,
    store_id: row.store_id,
    chain: { id: row.chain_id, chain_name: row.chain_name },
    region: row.region_id && row.region_name ? { id: row.region_id, region_name: row.region_name } : null,
    store: {
      id: row.store_id,
      store_name: row.store_name,
      invoice_address: row.store_invoice_address,
      phone: row.store_phone,
    },
    orderer: row.orderer_id && row.orderer_name ? { id: row.orderer_id, name: row.orderer_name } : null,
    approval_status: row.approval_status,
    approval_status_label: approvalLabel(locale, row.approval_status),
    approval_status_date: iso(row.approval_status_date),
    status_id: row.status_id,
    status: row.status,
    status_label: statusLabel(locale, row.status, row.status_title),
    technician_id: row.technician_id,
    technician_name: row.technician_name,
    planned_at: iso(row.planned_at),
    completed_at: iso(row.completed_at),
    due_at: dueAt.toISOString(),
    overdue: dueAt.getTime() < now && row.status !== COMPLETED_STATUS,
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    documents_count: row.documents_count,
    unread_count: row.unread_count,
    confirmed_at: iso(row.confirmed_at),
    parent: link(row.parent_id, row.parent_project_number),
    recall: link(row.recall_order_id, row.recall_project_number),
    version: row.version,
  };
}

export const documentUrl = (orderId: number, documentId: number) => `/api/orders/${orderId}/documents/${documentId}`;

const toDocument = (row: repo.DocumentRow): OrderDocument => ({
  id: row.id,
  name: row.name,
  url: documentUrl(row.order_id, row.id),
  mime_type: row.mime_type,
  size: row.size_bytes,
  created_at: iso(row.created_at) as string,
});

const toDate = (value: string) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : value.replace(' ', 'T'));

export function createOrdersService(db: Db, storage: Storage, timezone: string) {
  const scopeSql = (user: AuthUser) => ordersInScope(scopeOf(user));

  /** The order with its documents and history; `on` a transaction reads what that transaction wrote. */
  async function detail(user: AuthUser, id: number, locale: Locale, on: DbOrTx = db): Promise<OrderDetail> {
    const row = await repo.findOrder(on, id, scopeSql(user), user.id, locale);
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
      user: e.user_id && e.user_name ? { id: e.user_id, name: e.user_name } : null,
      field: e.field,
      from: e.from_value,
      to: e.to_value,
      from_label: label(e.field, e.from_value),
      to_label: label(e.field, e.to_value),
    }));
    return { ...toOrder(row, locale), documents: documents.map(toDocument), history };
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
    return store;
  }

  return {
    async list(user: AuthUser, query: ListQuery, locale: Locale) {
      const filter = orderListFilter(query, user, timezone);
      const { rows, total } = await repo.listOrders(db, filter, query, user.id, locale);
      const now = Date.now();
      return pageOf(
        rows.map((row) => toOrder(row, locale, now)),
        total,
        query,
      );
    },

    detail,

    async create(user: AuthUser, rawFields: Record<string, string>, files: CheckedFile[]) {
      // A field the role may not set is refused before anything else (spec 6).
      if (rawFields.approval_status && !can(user.role, 'order:set-approval')) throw new ForbiddenError();
      const fields = createOrderFields.parse(rawFields);
      const store = await placeFor(user, fields);
      const [pending] = (await repo.allStatuses(db)).filter((s) => s.slug === 'pending');
      const priorities = await repo.priorityRows(db);
      const dueHours = priorities.find((p) => p.id === fields.priority)?.due_hours ?? 0;
      const written = await storeFiles(storage, files);
      try {
        return await db.transaction(async (tx) => {
          const now = new Date();
          const approval = fields.approval_status ?? 'pending';
          const order = await repo.insertOrder(tx, {
            description: fields.description,
            workTypeId: fields.worktype_id,
            priority: fields.priority,
            chainId: store.chain_id,
            regionId: store.region_id,
            storeId: store.id,
            createdBy: user.id,
            approvalStatus: approval,
            approvalStatusDate: approval === 'pending' ? null : now,
            statusId: pending.id,
            dueAt: new Date(now.getTime() + dueHours * 3600_000),
          });
          await repo.insertDocuments(tx, order.id, user.id, written);
          await repo.insertEvents(tx, order.id, user.id, [
            { field: 'created', from: null, to: String(order.projectNumber) },
            ...written.map((w) => ({ field: 'document', from: null, to: w.name })),
          ]);
          await notify.orderCreated(tx, user, order.id);
          return { id: order.id, project_number: order.projectNumber };
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
    ): Promise<{ order: OrderDetail } | { stale: OrderDetail }> {
      return db.transaction(async (tx) => {
        const current = await repo.lockOrder(tx, id, scopeSql(user));
        if (!current) throw new NotFoundError('orders.not_found');
        if (matches && !matches(current.version)) return { stale: await detail(user, id, locale, tx) };
        const changes: Parameters<typeof repo.updateOrder>[2] = {};
        const events: { field: string; from: string | null; to: string | null }[] = [];
        const errors: Record<string, string[]> = {};

        let status = { id: current.status_id, slug: current.status };
        if (body.status !== undefined && body.status !== current.status) {
          const found = await repo.statusBySlugOrId(tx, body.status);
          if (!found) errors.status = [v('not_found')];
          else status = { id: found.id, slug: found.slug };
        }

        let technician = { id: current.technician_id, name: current.technician_name };
        if (body.technician_id !== undefined && body.technician_id !== current.technician_id) {
          if (body.technician_id === null) technician = { id: null, name: null };
          else {
            const found = await repo.findTechnician(tx, body.technician_id);
            if (!found) errors.technician_id = [v('not_found')];
            else technician = found;
          }
        }
        if (Object.keys(errors).length) throw new ValidationError(errors);

        if (technician.id !== current.technician_id) {
          // Re-opening a completed order is a deliberate act: it takes a new status with the technician.
          if (current.status === COMPLETED_STATUS && status.slug === COMPLETED_STATUS) {
            throw new ConflictError('orders.completed_technician');
          }
          changes.technicianId = technician.id;
          events.push({ field: 'technician', from: current.technician_name, to: technician.name });
          // A new technician starts over (spec 4), unless a status was chosen with it.
          if (body.status === undefined) {
            const [pending] = (await repo.allStatuses(tx)).filter((s) => s.slug === 'pending');
            status = { id: pending.id, slug: pending.slug };
          }
        }
        if (status.id !== current.status_id) {
          changes.statusId = status.id;
          events.push({ field: 'status', from: current.status, to: status.slug });
        }

        // planned_at lives only with planned / revisit-required, completed_at only with completed.
        const planned = usesPlannedAt(status.slug)
          ? body.planned_at !== undefined
            ? body.planned_at === null
              ? null
              : toDate(body.planned_at)
            : current.planned_at
          : null;
        const completed = usesCompletedAt(status.slug)
          ? body.completed_at !== undefined
            ? body.completed_at === null
              ? null
              : toDate(body.completed_at)
            : (current.completed_at ?? new Date())
          : null;
        if (iso(planned) !== iso(current.planned_at)) {
          changes.plannedAt = planned;
          events.push({ field: 'planned_at', from: iso(current.planned_at), to: iso(planned) });
        }
        if (iso(completed) !== iso(current.completed_at)) {
          changes.completedAt = completed;
          events.push({ field: 'completed_at', from: iso(current.completed_at), to: iso(completed) });
        }

        if (body.approval_status !== undefined && body.approval_status !== current.approval_status) {
          changes.approvalStatus = body.approval_status;
          changes.approvalStatusDate = body.approval_status === 'pending' ? null : new Date();
          events.push({ field: 'approval_status', from: current.approval_status, to: body.approval_status });
        }

        if (body.priority !== undefined && body.priority !== current.priority) {
          const priority = (await repo.priorityRows(tx)).find((p) => p.id === body.priority);
          changes.priority = body.priority;
          // The due time follows the priority, counted from creation.
          changes.dueAt = new Date(current.created_at.getTime() + (priority?.due_hours ?? 0) * 3600_000);
          events.push({ field: 'priority', from: String(current.priority), to: String(body.priority) });
        }

        if (events.length) {
          await repo.updateOrder(tx, id, changes);
          await repo.insertEvents(tx, id, user.id, events);
          await notify.orderUpdated(tx, user, id, events);
        }
        return { order: await detail(user, id, locale, tx) };
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
            user.id,
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

    async options(user: AuthUser, filter: { chain_id?: number; region_id?: number }) {
      const scope = scopeOf(user);
      const [chains, regions, stores, technicians] = await Promise.all([
        repo.optionChains(db, chainsInScope(scope)),
        repo.optionRegions(db, regionsInScope(scope), filter.chain_id),
        repo.optionStores(db, storesInScope(scope), filter.chain_id, filter.region_id),
        can(user.role, 'order:assign-technician') ? repo.technicians(db) : Promise.resolve([]),
      ]);
      return { chains, regions, stores, technicians };
    },
  };
}
