import type { ConfirmOrderBody } from '@wop/shared/confirm';
import { COMPLETED_STATUS, type Locale } from '@wop/shared/constants';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { translate } from '../../i18n/index.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { ordersInScope } from '../../lib/scope-sql.ts';
import * as notify from '../notifications/notify.ts';
import * as repo from './orders.repository.ts';

interface SignOffRow extends Record<string, unknown> {
  id: number;
  project_number: number;
  status_id: number;
  confirmed_at: Date | string | null;
  recall_order_id: number | null;
  description: string;
  work_type_id: number;
  priority: number;
  chain_id: number;
  region_id: number | null;
  store_id: number;
  asset_id: number | null;
  approval_status: 'pending' | 'approved' | 'rejected';
}

/**
 * The order in the caller's scope with what a sign-off needs, locked for the transaction (the lock
 * reads `orders` alone, as `lockOrder` explains; the status slug is read once the row is held).
 */
async function lockForSignOff(tx: DbOrTx, id: number, user: AuthUser) {
  const scope = ordersInScope(scopeOf(user));
  const { rows } = await tx.execute<SignOffRow>(sql`
    select orders.id, orders.project_number, orders.status_id, orders.confirmed_at, orders.recall_order_id,
      orders.description, orders.work_type_id, orders.priority, orders.chain_id, orders.region_id,
      orders.store_id, orders.asset_id, orders.approval_status
    from orders
    where orders.id = ${id} ${scope ? sql`and ${scope}` : sql``}
    for update`);
  const order = rows[0];
  if (!order) return undefined;
  const { rows: status } = await tx.execute<{ slug: string }>(
    sql`select slug from order_statuses where id = ${order.status_id}`,
  );
  return { ...order, status: status[0].slug };
}

/** The asset, unless it was retired (no new order may be placed on a retired asset). */
async function liveAsset(tx: DbOrTx, assetId: number): Promise<number | null> {
  const { rows } = await tx.execute(sql`select 1 from assets where id = ${assetId} and status <> 'retired'`);
  return rows.length ? assetId : null;
}

/**
 * Store sign-off (api-contract "Store sign-off and recalls"): "fixed" records who confirmed and
 * when; "not fixed" also opens a follow-up order for the same store, work type and priority whose
 * description quotes the store's comment, linked both ways. The follow-up is approved when its
 * original was, else it waits for approval (api-contract "Workflow rules that hold together"). It is
 * about the original's asset (unless that was retired since), and so a repeat failure of it when the
 * original was completed within `recallWindowDays`: its approvers are told as for any repeat.
 */
export function createConfirmService(db: Db, recallWindowDays = 30) {
  return {
    async confirm(user: AuthUser, id: number, body: ConfirmOrderBody, locale: Locale) {
      return db.transaction(async (tx) => {
        const order = await lockForSignOff(tx, id, user);
        if (!order) throw new NotFoundError('orders.not_found');
        if (order.status !== COMPLETED_STATUS) throw new ConflictError('orders.confirm.not_completed');
        if (order.confirmed_at || order.recall_order_id) throw new ConflictError('orders.confirm.already');
        const now = new Date();
        if (body.fixed) {
          await tx.update(orders).set({ confirmedAt: now, confirmedBy: user.id }).where(sql`${orders.id} = ${id}`);
          await repo.insertEvents(tx, id, user, [{ field: 'confirmed', from: null, to: 'fixed' }]);
          await notify.orderSignedOff(tx, user, id, { fixed: true });
          return { id, recall_order_id: null, recall_project_number: null };
        }
        const description = translate(locale, 'orders.confirm.recall_description', {
          number: order.project_number,
          comment: body.comment ?? '',
        });
        // Approved work stays approved; anything else waits for an approver (never born rejected).
        const approval = order.approval_status === 'approved' ? 'approved' : 'pending';
        const assetId = order.asset_id === null ? null : await liveAsset(tx, order.asset_id);
        const recall = await repo.insertOrder(tx, {
          description,
          workTypeId: order.work_type_id,
          priority: order.priority,
          chainId: order.chain_id,
          regionId: order.region_id,
          storeId: order.store_id,
          createdBy: user.id,
          approvalStatus: approval,
          parentId: id,
          assetId,
        });
        await tx
          .update(orders)
          .set({ confirmedAt: now, confirmedBy: user.id, recallOrderId: recall.id })
          .where(sql`${orders.id} = ${id}`);
        await repo.insertEvents(tx, id, user, [
          { field: 'confirmed', from: null, to: 'not-fixed' },
          { field: 'recall', from: null, to: String(recall.projectNumber) },
        ]);
        await repo.insertEvents(tx, recall.id, user, [
          { field: 'created', from: String(order.project_number), to: String(recall.projectNumber) },
        ]);
        await notify.orderSignedOff(tx, user, id, { fixed: false, comment: body.comment ?? '', recall });
        const repeat = assetId ? await repo.markRepeat(tx, recall.id, recallWindowDays) : null;
        if (repeat) await notify.orderRepeat(tx, user, recall.id, repeat);
        return { id, recall_order_id: recall.id, recall_project_number: recall.projectNumber };
      });
    },
  };
}
