import { COMPLETED_STATUS } from '@wop/shared/constants';
import type { Order } from '@wop/shared/orders';
import { useCan } from '../../../lib/current-user.ts';

/** Which quick changes the user may make to the order. */
export function useQuickRights(order: Order) {
  const canApprove = useCan('order:set-approval') && order.approval_status === 'pending';
  // Done work cannot be rejected (the server's rule).
  const canReject = canApprove && order.status !== COMPLETED_STATUS;
  const canSetStatus = useCan('order:set-status');
  // A completed order takes a new status with another technician: that is the edit dialog's work.
  const canAssign = useCan('order:assign-technician') && order.status !== COMPLETED_STATUS;
  return { canApprove, canReject, canSetStatus, canAssign };
}
