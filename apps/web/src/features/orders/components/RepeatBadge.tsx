import { Badge } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import type { OrderLink } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A repeat failure: the asset's last order was completed only days before this one. A link to that
 * order, `base` being the list's path (/orders, or a chain's).
 */
export function RepeatBadge({ repeatOf, base }: { repeatOf: OrderLink; base: string }) {
  const { t } = useTranslation('orders');
  return (
    <Badge
      component={Link}
      to={`${base}/${repeatOf.id}`}
      color="#9a3412"
      variant="light"
      size="sm"
      leftSection={<IconRepeat size={12} aria-hidden />}
      title={t('repeat.of', { number: repeatOf.project_number })}
      aria-label={t('repeat.of', { number: repeatOf.project_number })}
      style={{ cursor: 'pointer', flexShrink: 0 }}
      data-testid="order-repeat"
    >
      {t('repeat.badge')}
    </Badge>
  );
}
