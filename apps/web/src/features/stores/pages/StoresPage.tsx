import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { StoresList } from '../components/StoresList.tsx';

/** /stores: the stores of the caller's scope (a chain-admin its chains, a regional director its regions). */
export function StoresPage() {
  const { t } = useTranslation('stores');
  usePageHeader(t('title'), null);
  return <StoresList />;
}
