import { COMPLETED_STATUS } from '@wop/shared/constants';
import {
  needsPlannedAt,
  statusAllowedWhenRejected,
  type UpdateOrderBody,
  usesCompletedAt,
  usesPlannedAt,
} from '@wop/shared/orders';
import { v } from '@wop/shared/validation';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { iso } from './orders.mapping.ts';
import * as repo from './orders.repository.ts';

export type OrderEvent = { field: string; from: string | null; to: string | null };
type LockedOrder = NonNullable<Awaited<ReturnType<typeof repo.lockOrder>>>;

const toDate = (value: string) => new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : value.replace(' ', 'T'));

/**
 * The asset an order may name: one of its store (422 `other_store` for another store's, `not_found`
 * for one the caller does not see), not retired (409). `assetScope`: the assets the caller sees.
 */
export async function checkedAsset(tx: DbOrTx, assetId: number, storeId: number, assetScope: SQL | undefined) {
  const asset = await repo.findAssetFor(tx, assetId, storeId, assetScope);
  if (!asset) throw ValidationError.field('asset_id', v('not_found'));
  if (asset.store_id !== storeId) throw ValidationError.field('asset_id', v('other_store'));
  if (asset.status === 'retired') throw new ConflictError('orders.asset_retired');
  return asset;
}

/**
 * What an edit changes on the locked order, and the history events that record it (spec 4): a new
 * technician starts over at pending unless a status comes with it; a completed order is re-opened
 * only with a new status; planned_at lives only with planned / revisit-required, completed_at and
 * the resolution only with completed; the due time follows the priority. Unknown statuses or
 * technicians are a 422. The workflow's rules (api-contract "Workflow rules that hold together"): a
 * rejected order takes no status but pending (409), and rejecting one under way sends it back to
 * pending (a completed one cannot be rejected: 409); `planned` needs a time (422 on planned_at).
 */
export async function planChanges(
  tx: DbOrTx,
  current: LockedOrder,
  body: UpdateOrderBody,
  assetScope: SQL | undefined,
) {
  const changes: Parameters<typeof repo.updateOrder>[2] = {};
  const events: OrderEvent[] = [];
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
  const approval = body.approval_status ?? current.approval_status;
  if (approval === 'rejected' && !statusAllowedWhenRejected(status.slug)) {
    if (status.id !== current.status_id) throw new ConflictError('orders.rejected_status');
    if (current.approval_status !== 'rejected') {
      // Rejecting stops the work: an order under way goes back to pending; done work cannot be undone.
      if (status.slug === COMPLETED_STATUS) throw new ConflictError('orders.reject_completed');
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
  if (
    needsPlannedAt(status.slug) &&
    planned === null &&
    (status.id !== current.status_id || body.planned_at !== undefined)
  ) {
    throw ValidationError.field('planned_at', v('required'));
  }
  if (body.resolution != null && !usesCompletedAt(status.slug)) {
    throw ValidationError.field('resolution', v('only_completed'));
  }
  const resolution = usesCompletedAt(status.slug)
    ? body.resolution !== undefined
      ? body.resolution
      : current.resolution
    : null;
  if (iso(planned) !== iso(current.planned_at)) {
    changes.plannedAt = planned;
    events.push({ field: 'planned_at', from: iso(current.planned_at), to: iso(planned) });
  }
  if (iso(completed) !== iso(current.completed_at)) {
    changes.completedAt = completed;
    events.push({ field: 'completed_at', from: iso(current.completed_at), to: iso(completed) });
  }
  if (resolution !== current.resolution) {
    changes.resolution = resolution;
    events.push({ field: 'resolution', from: current.resolution, to: resolution });
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

  if (body.asset_id !== undefined && body.asset_id !== current.asset_id) {
    const asset = body.asset_id === null ? null : await checkedAsset(tx, body.asset_id, current.store_id, assetScope);
    changes.assetId = asset?.id ?? null;
    events.push({ field: 'asset', from: current.asset_tag, to: asset?.tag ?? null });
  }

  return { changes, events };
}
