import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { planQueryOptions } from '../api/plans.ts';
import { PlanForm } from '../components/PlanForm.tsx';

/** /plans/create: a new plan, its preview beside it. */
export function PlanCreatePage() {
  const { t } = useTranslation('plans');
  usePageHeader(t('create'), null);
  return <PlanForm />;
}

/** /plans/{id}: the plan's form (read-only for those who only read plans) and its next days. */
export function PlanPage() {
  const { t } = useTranslation('plans');
  const id = Number(useParams().planId);
  const canManage = useCan('plan:manage');
  const plan = useQuery({ ...planQueryOptions(id), meta: { silent: true } });
  usePageHeader(plan.data?.title ?? t('detailTitle'), null);

  if (plan.isPending) return <Skeleton h={320} radius="md" />;
  if (plan.isError) {
    return (
      <Alert color="red" title={t('notFound')}>
        <Anchor component={Link} to="/plans">
          {t('backToList')}
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack>
      <PlanForm key={plan.data.id} plan={plan.data} readOnly={!canManage} />
    </Stack>
  );
}
