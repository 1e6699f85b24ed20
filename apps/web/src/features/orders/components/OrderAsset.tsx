import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { OrderAsset as Asset } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The asset an order is about, as a link to its page, and whether the order was placed under its warranty. */
export function OrderAsset({ asset, size = 'sm' }: { asset: Asset; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('orders');
  return (
    <Group gap={6} wrap="wrap">
      <Anchor component={Link} to={`/assets/${asset.id}`} size={size}>
        {asset.name}
      </Anchor>
      <Text span size="xs" c="dimmed" ff="monospace">
        {asset.tag}
      </Text>
      {asset.under_warranty && (
        <Badge size="xs" color="#0b7050" variant="light">
          {t('asset.underWarranty')}
        </Badge>
      )}
    </Group>
  );
}
