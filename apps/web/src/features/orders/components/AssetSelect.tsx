import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderOptionsQueryOptions } from '../api/orders.ts';

/**
 * The asset an order is about: the store's assets that can take an order (not retired), by name
 * and tag, searchable by either. Nothing to choose until a store is chosen.
 */
export function AssetSelect({ storeId, ...props }: { storeId: string | number | null } & Omit<SelectProps, 'data'>) {
  const { t } = useTranslation('orders');
  const options = useQuery({
    ...orderOptionsQueryOptions({ store_id: storeId ?? undefined }),
    enabled: Boolean(storeId),
  });
  const assets = options.data?.assets ?? [];
  return (
    <Select
      label={t('fields.asset')}
      clearable
      searchable
      disabled={!storeId}
      nothingFoundMessage={t('form.assetNone')}
      description={t('form.assetHint')}
      data={assets.map((a) => ({ value: String(a.id), label: `${a.name} · ${a.tag}` }))}
      {...props}
    />
  );
}
