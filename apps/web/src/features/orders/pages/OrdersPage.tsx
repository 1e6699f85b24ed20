import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { OrdersHomeDashboard } from '../../dashboard/components/HomeDashboard.tsx';
import { OrdersList } from '../components/OrdersList.tsx';

/** /orders: every order the user may see. */
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
