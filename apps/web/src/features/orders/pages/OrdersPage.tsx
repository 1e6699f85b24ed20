import { Box, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ORDER_LIST_KEY } from '../../../entities/orders.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { OrdersList } from '../components/OrdersList.tsx';

/** Whether the order list has had an answer: until then its height is unknown. */
function useListAnswered(): boolean {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => cache.findAll({ queryKey: ORDER_LIST_KEY }).some((query) => query.state.status !== 'pending'),
  );
}

/**
 * /orders: every order the user may see, first on the screen (a dispatcher's morning starts with
 * it). The outlet below the list holds what the router puts there for this route (the admins' figures):
 * mounted at once, so that its data loads with the list's, and laid out once the list has come, so
 * that it is not pushed down the screen when the rows arrive.
 */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  usePageHeader(t('title'), null);
  const listAnswered = useListAnswered();
  return (
    <Stack>
      <OrdersList />
      <Box display={listAnswered ? undefined : 'none'}>
        <Outlet />
      </Box>
    </Stack>
  );
}
