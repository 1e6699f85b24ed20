import { Badge } from '@mantine/core';
import type { Asset, AssetStatus } from '@wop/shared/assets';
import { useTranslation } from 'react-i18next';

/** Fixed colours with their text (never colour alone): in service green, out of service orange, retired grey. */
const STATUS_COLOR: Record<AssetStatus, string> = {
  in_service: '#237032',
  out_of_service: '#c2410c',
  retired: '#495057',
};

const badgeStyle = { root: { maxWidth: 'none', overflow: 'visible', flexShrink: 0 } } as const;

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  const { t } = useTranslation('assets');
  return (
    <Badge color={STATUS_COLOR[status]} autoContrast styles={badgeStyle} style={{ textTransform: 'none' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** "Under warranty" while it runs (through its last day); nothing otherwise. */
export function WarrantyBadge({ asset }: { asset: Pick<Asset, 'under_warranty'> }) {
  const { t } = useTranslation('assets');
  if (!asset.under_warranty) return null;
  return (
    <Badge color="#1971c2" variant="outline" styles={badgeStyle} style={{ textTransform: 'none' }}>
      {t('underWarranty')}
    </Badge>
  );
}

/** "Keeps failing" on an asset flagged `repeated` (or "Replace?" once costs tell): with text, never colour alone. */
export function AttentionBadge({ asset }: { asset: Pick<Asset, 'attention'> }) {
  const { t } = useTranslation('assets');
  if (!asset.attention) return null;
  return (
    <Badge color="#c92a2a" variant="light" styles={badgeStyle} style={{ textTransform: 'none' }}>
      {t(`attention.${asset.attention}`)}
    </Badge>
  );
}
