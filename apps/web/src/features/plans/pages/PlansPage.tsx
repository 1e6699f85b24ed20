import { useTranslation } from 'react-i18next';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { PlansList } from '../components/PlansList.tsx';

/** /plans: the maintenance plans of the caller's chains, regions or stores. */
export function PlansPage() {
  const { t } = useTranslation('plans');
  usePageHeader(t('title'), null);
  return <PlansList />;
}
