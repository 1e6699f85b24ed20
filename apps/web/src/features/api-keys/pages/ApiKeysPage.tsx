import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { ApiKeys } from '../components/ApiKeys.tsx';

/** /api-keys: the admins' keys of every chain (a key without a chain reaches every chain). */
export function ApiKeysPage() {
  const { t } = useTranslation('apiKeys');
  const chains = useQuery(chainOptionsQueryOptions());
  usePageHeader(t('title'), null);
  return <ApiKeys chains={chains.data?.data} />;
}
