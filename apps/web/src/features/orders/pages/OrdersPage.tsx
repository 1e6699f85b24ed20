import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { OrdersList } from '../components/OrdersList.tsx';

/**
 * /orders: every order the user may see, first on the screen (a dispatcher's morning starts with
 * it). The outlet below the list holds what the router puts there for this route (the admins' figures).
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageHeader(t('title'), null);
  return (
    <Stack>
      <OrdersList />
      <Outlet />
    </Stack>
  );
}
