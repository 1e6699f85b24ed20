import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { AssetsList } from '../components/AssetsList.tsx';

/** /assets: the equipment of the caller's stores. */
export function AssetsPage() {
  const { t } = useTranslation('assets');
  usePageHeader(t('title'), null);
  return <AssetsList />;
}
