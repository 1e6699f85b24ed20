import { ActionIcon } from '@mantine/core';
import { IconBolt } from '@tabler/icons-react';
import type { Order } from '@wop/shared/orders';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuickRights } from './quick-rights.ts';

const OrderQuickMenu = lazy(() => import('./OrderQuickActions.tsx').then((m) => ({ default: m.OrderQuickMenu })));

/**
 * A list row's quick-change button. The menu, its confirmation dialog and the UI kit's menus load
 * with the first click on any row's button, not with the list; the menu then opens where it was asked.
 */
export function OrderQuickButton({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const { canApprove, canSetStatus, canAssign } = useQuickRights(order);
  const [used, setUsed] = useState(false);
  if (!canApprove && !canSetStatus && !canAssign) return null;
  const button = (
    <ActionIcon
      variant="subtle"
      loading={used}
      aria-label={t('quick.menuOf', { number: order.project_number })}
      onClick={() => setUsed(true)}
    >
      <IconBolt size={18} aria-hidden />
    </ActionIcon>
  );
  if (!used) return button;
  return (
    <Suspense fallback={button}>
      <OrderQuickMenu order={order} opened />
    </Suspense>
  );
}
