import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { Webhooks } from '../components/Webhooks.tsx';

/** /webhooks: an admin's webhooks, of every chain (or of none: every chain's orders). */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  usePageHeader(t('title'), null);
  return <Webhooks />;
}
