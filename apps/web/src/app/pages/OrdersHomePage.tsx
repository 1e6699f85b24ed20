import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OrdersHomeDashboard } from '../../features/dashboard/components/HomeDashboard.tsx';
import { OrdersList } from '../../features/orders/components/OrdersList.tsx';
import { usePageHeader } from '../../lib/page-header.tsx';

/** /orders: the figures of the caller's orders above every order the user may see. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageHeader(t('title'), null);
  return (
    <Stack>
      <OrdersHomeDashboard />
      <OrdersList />
    </Stack>
  );
}
