import { ActionIcon, Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconCalendarMonth, IconPlayerPause, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { Plan } from '@wop/shared/plans';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DataTable, type DataTableColumn } from '../../../components/DataTable/DataTable.tsx';
import { useListFilter } from '../../../components/DataTable/list-params.ts';
import { Hint } from '../../../components/Hint.tsx';
import { RowActions } from '../../../components/RowActions.tsx';
import { ScopeFilters } from '../../../components/ScopeFilters.tsx';
import { planPath, plansCalendarPath } from '../../../entities/plans.ts';
import { useCan } from '../../../lib/current-user.ts';
import { useDateFormat } from '../../../lib/dates.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { getPlans, PLANS_KEY, scopeQueryOptions, useDeletePlan, useSetPlanActive } from '../api/plans.ts';
import { ruleSummary } from './plan-form.ts';

const FILTERS = ['chain_id', 'store_id'] as const;

/** The targets in a few words: the first two names and how many more. */
function targetsText(plan: Plan, more: (count: number) => string): string {
  const names = plan.target_list.map((t) => (t.asset_id === null ? t.name : `${t.name} (${t.store_name})`));
  return names.length > 2 ? `${names.slice(0, 2).join(', ')} ${more(names.length - 2)}` : names.join(', ');
}

/**
 * The maintenance plans of the caller's scope: search, the chain (when there are several) and store
 * filters; for those who plan, new, edit, pause or resume and delete.
 */
export function PlansList() {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const { date } = useDateFormat();
  const canManage = useCan('plan:manage');
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const remove = useDeletePlan();
  const setActive = useSetPlanActive();
  const [chainFilter] = useListFilter('chain_id');
  const scope = useQuery(scopeQueryOptions());
  const chains = scope.data?.chains ?? [];

  const toggle = async (plan: Plan) => {
    try {
      notifySuccess(await setActive.mutateAsync(plan));
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataTableColumn<Plan>[] = [
    {
      key: 'title',
      header: t('fields.title'),
      render: (p) => (
        <Anchor component={Link} to={planPath(p.id)} fw={600}>
          {p.title}
        </Anchor>
      ),
    },
    ...(chains.length > 1 ? [{ key: 'chain_name', header: t('fields.chain') }] : []),
    {
      key: 'targets',
      header: t('fields.targets'),
      render: (p) => targetsText(p, (count) => t('andMore', { count })),
    },
    { key: 'rule', header: t('fields.rule'), render: (p) => ruleSummary(t, p.rule, p.starts_on) },
    {
      key: 'next_day',
      header: t('fields.next_day'),
      render: (p) => (p.next_day ? date(p.next_day) : <Text c="dimmed">{t('ended')}</Text>),
    },
    {
      key: 'active',
      header: t('fields.status'),
      width: 130,
      render: (p) => (
        <Badge color={p.active ? '#0b7050' : '#495057'} variant="light">
          {p.active ? t('active') : t('paused')}
        </Badge>
      ),
    },
  ];

  return (
    <Stack>
      <DataTable<Plan>
        label={t('title')}
        queryKey={[...PLANS_KEY, 'list']}
        queryFn={(query, signal) => getPlans(query, signal)}
        columns={columns}
        filterParams={FILTERS}
        filters={<ScopeFilters scope={scope.data} />}
        emptyText={t('empty')}
        toolbar={
          <>
            <Button
              variant="default"
              component={Link}
              to={plansCalendarPath(chainFilter ? { chain_id: chainFilter } : {})}
              leftSection={<IconCalendarMonth size={16} aria-hidden />}
            >
              {t('calendar.title')}
            </Button>
            {canManage && (
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => navigate('/plans/create')}>
                {t('create')}
              </Button>
            )}
          </>
        }
        rowActions={
          canManage
            ? (plan) => (
                <>
                  <Hint label={plan.active ? t('pause') : t('resume')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${plan.active ? t('pause') : t('resume')} ${plan.title}`}
                      onClick={() => toggle(plan)}
                      loading={setActive.isPending && setActive.variables?.id === plan.id}
                    >
                      {plan.active ? (
                        <IconPlayerPause size={18} aria-hidden />
                      ) : (
                        <IconPlayerPlay size={18} aria-hidden />
                      )}
                    </ActionIcon>
                  </Hint>
                  <RowActions
                    name={plan.title}
                    onEdit={() => navigate(planPath(plan.id))}
                    onDelete={() => setDeleting(plan)}
                  />
                </>
              )
            : undefined
        }
      />
      <ConfirmDelete
        opened={deleting !== null}
        name={deleting?.title}
        message={t('deleteHint')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting) notifySuccess(await remove.mutateAsync(deleting.id));
        }}
      />
    </Stack>
  );
}
