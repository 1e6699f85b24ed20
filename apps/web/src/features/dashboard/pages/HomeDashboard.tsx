import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '@wop/shared/dashboard';
import { can, WELCOME_ROLES } from '@wop/shared/roles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/badges.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { useDuration } from '../../../components/SiteVisit.tsx';
import { LinkCard, LoadErrorAlert, TileGrid, TileSkeletons } from '../../../components/Tiles.tsx';
import { dashboardQueryOptions } from '../../../entities/dashboard.ts';
import { orderListPath } from '../../../entities/orders.ts';
import { useRole } from '../../../lib/current-user.ts';
import { formatAmount } from '../../../lib/money.ts';
import { useAfterFirstScreen } from '../../../lib/progressive.ts';
import { WeeklyChart } from '../components/WeeklyChart.tsx';

function Figure({
  to,
  label,
  value,
  hint,
  alert,
}: {
  to: string;
  label: string;
  value: string;
  hint?: string;
  alert?: boolean;
}) {
  return (
    <LinkCard to={to}>
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        <Text fz={28} fw={700} lh={1.1} c={alert ? 'red.8' : undefined}>
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </LinkCard>
  );
}

function Figures({ data }: { data: Dashboard }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const hours = data.median_hours_to_complete;
  const median =
    hours === null
      ? '–'
      : hours < 1
        ? t('underHour')
        : hours < 48
          ? t('hours', { count: Math.round(hours), formatted: number.format(Math.round(hours)) })
          : t('days', { count: Math.round(hours / 24), formatted: number.format(Math.round(hours / 24)) });
  return (
    <TileGrid>
      <Figure
        to={orderListPath({ overdue: 'true' })}
        label={t('cards.overdue')}
        value={number.format(data.overdue)}
        alert={data.overdue > 0}
      />
      <Figure
        to={orderListPath({ approval_status: 'pending', open: 'true' })}
        label={t('cards.awaitingApproval')}
        value={number.format(data.awaiting_approval)}
      />
      <Figure
        to={orderListPath({ status: 'completed' })}
        label={t('cards.medianTime')}
        value={median}
        hint={t('cards.completedCount', { count: data.completed, formatted: number.format(data.completed) })}
      />
      <Figure
        to={orderListPath({ status: 'completed', recalled: 'true' })}
        label={t('cards.firstTimeFix')}
        value={data.first_time_fix_rate === null ? '–' : percent.format(data.first_time_fix_rate)}
        hint={t('cards.firstTimeFixHint')}
      />
      <Figure
        to={orderListPath({ over_nte: 'true' })}
        label={t('cards.overNte')}
        value={number.format(data.over_nte)}
        alert={data.over_nte > 0}
      />
    </TileGrid>
  );
}

function WorstStores({ stores }: { stores: Dashboard['by_store'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  if (stores.length === 0) return <Text c="dimmed">{t('stores.none')}</Text>;
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby="dashboard-stores">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('stores.store')}</Table.Th>
          <Table.Th ta="right">{t('stores.overdue')}</Table.Th>
          <Table.Th ta="right">{t('stores.open')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {stores.map((s) => (
          <Table.Tr key={s.store_id}>
            <Table.Td>
              <Anchor component={Link} to={orderListPath({ store_id: s.store_id, overdue: 'true' })} size="sm">
                {s.store_name}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right" c={s.overdue > 0 ? 'red.8' : undefined} fw={s.overdue > 0 ? 600 : undefined}>
              {number.format(s.overdue)}
            </Table.Td>
            <Table.Td ta="right">
              <Anchor component={Link} to={orderListPath({ store_id: s.store_id, open: 'true' })} size="sm">
                {number.format(s.open)}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The assets with the most orders in the last 90 days: each opens its page, which says why. */
function AttentionAssets({ assets }: { assets: Dashboard['assets_attention'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  if (assets.length === 0) return <Text c="dimmed">{t('assets.none')}</Text>;
  return (
    <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby="dashboard-assets">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('assets.asset')}</Table.Th>
          <Table.Th>{t('stores.store')}</Table.Th>
          <Table.Th ta="right">{t('assets.orders')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {assets.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>
              <Anchor component={Link} to={`/assets/${a.id}`} size="sm">
                {a.name}
              </Anchor>
              <Text size="xs" c="dimmed" ff="monospace">
                {a.tag}
              </Text>
              {a.attention === 'replace' && (
                <Text size="xs" c="red.8">
                  {t('assets.replace')}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{a.store_name}</Text>
            </Table.Td>
            <Table.Td ta="right">
              <Anchor component={Link} to={orderListPath({ asset_id: a.id, store_id: a.store_id })} size="sm">
                {number.format(a.orders_90d)}
              </Anchor>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the completed orders cost, per currency: by month, and the work types and stores that cost most. */
function Spend({ spend }: { spend: Dashboard['spend'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  if (spend.length === 0) return null;
  const table = (
    id: string,
    title: string,
    currency: string,
    rows: { key: string | number; name: string; total: number }[],
  ) => (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} key={id}>
      <Title order={4} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      <Table striped verticalSpacing="xs" aria-labelledby={id}>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(row.total, currency, lng)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
  return (
    <Stack gap="sm" data-testid="spend">
      {spend.map((s) => (
        <Stack gap="xs" key={s.currency}>
          <Title order={3} size="h5">
            {t('spend.title', { total: formatAmount(s.total_minor, s.currency, lng) })}
          </Title>
          <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="md">
            {table(
              `spend-months-${s.currency}`,
              t('spend.byMonth'),
              s.currency,
              s.by_month.map((m) => ({ key: m.month, name: m.month, total: m.total_minor })),
            )}
            {table(
              `spend-worktypes-${s.currency}`,
              t('spend.byWorktype'),
              s.currency,
              s.by_worktype.map((w) => ({ key: w.worktype_id, name: w.title, total: w.total_minor })),
            )}
            {table(
              `spend-stores-${s.currency}`,
              t('spend.byStore'),
              s.currency,
              s.by_store.map((r) => ({ key: r.store_id, name: r.store_name, total: r.total_minor })),
            )}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/** Time on site of the matching orders' visits: the technicians and the stores with the most. */
function TimeOnSite({ time }: { time: Dashboard['time_on_site'] }) {
  const { t } = useTranslation('dashboard');
  const duration = useDuration();
  const table = (id: string, title: string, rows: { key: number; name: string; minutes: number; visits: number }[]) => (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={4} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('timeOnSite.none')}</Text>
      ) : (
        <Table striped verticalSpacing="xs" aria-labelledby={id}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('timeOnSite.name')}</Table.Th>
              <Table.Th ta="right">{t('timeOnSite.time')}</Table.Th>
              <Table.Th ta="right">{t('timeOnSite.visits')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td ta="right">{duration(row.minutes)}</Table.Td>
                <Table.Td ta="right">{row.visits}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
  return (
    <Stack gap="sm">
      <Group justify="flex-end">
        <ExportButton type="VisitsExport" />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="time-on-site">
        {table(
          'time-technicians',
          t('timeOnSite.technicians'),
          time.by_technician.map((r) => ({ key: r.technician_id, name: r.name, minutes: r.minutes, visits: r.visits })),
        )}
        {table(
          'time-stores',
          t('timeOnSite.stores'),
          time.by_store.map((r) => ({ key: r.store_id, name: r.store_name, minutes: r.minutes, visits: r.visits })),
        )}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The home-page dashboard (api-contract "Dashboard") for the roles that oversee stores: figures
 * that each open the matching order list, orders created and completed per week, and the stores
 * with the most overdue orders. Renders nothing for other roles.
 */
export function HomeDashboard() {
  const role = useRole();
  if (!can(role, 'dashboard:view')) return null;
  return <DashboardSection />;
}

/**
 * Admins have no welcome page: their home is the order list, so the dashboard sits above it, on
 * the unfiltered list only (a card opens the filtered list, which then shows just the orders).
 */
export function OrdersHomeDashboard() {
  const role = useRole();
  const [params] = useSearchParams();
  if (!role || WELCOME_ROLES.includes(role) || !can(role, 'dashboard:view') || params.size > 0) return null;
  return <DashboardSection withStatuses />;
}

/** Open orders per status, each opening the list of that status (the welcome page has its own). */
function OpenByStatus({ counts }: { counts: Dashboard['open_by_status'] }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TileGrid>
      {Object.entries(counts).map(([slug, n]) => {
        const label = t(`common:status.${slug}`, { defaultValue: slug });
        return (
          <LinkCard key={slug} to={orderListPath({ status: slug })}>
            <Stack gap="xs">
              <StatusBadge status={slug} label={label} w="fit-content" />
              <Text fz={28} fw={700} lh={1.1}>
                {number.format(n)}
              </Text>
            </Stack>
          </LinkCard>
        );
      })}
    </TileGrid>
  );
}

/** Room kept for the chart and tables until they render: what comes below them then does not move. */
const DETAILS_HEIGHT = 560;

/** A bordered panel of the dashboard with its heading (`id` names what the heading labels). */
function Panel({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Title order={4} size="h5" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The weekly chart and the tables, below the figures (off a phone's first screen). */
function DashboardDetails({ data }: { data: Dashboard }) {
  const { t } = useTranslation('dashboard');
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title={t('chart.title')}>
          <WeeklyChart weekly={data.weekly} />
        </Panel>
        <Panel id="dashboard-stores" title={t('stores.title')}>
          <WorstStores stores={data.by_store} />
        </Panel>
        <Panel id="dashboard-assets" title={t('assets.title')}>
          <AttentionAssets assets={data.assets_attention} />
        </Panel>
      </SimpleGrid>
      <Spend spend={data.spend} />
      <TimeOnSite time={data.time_on_site} />
    </>
  );
}

function DashboardSection({ withStatuses = false }: { withStatuses?: boolean }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const dashboard = useQuery(dashboardQueryOptions());
  // The figures render with the answer; the chart and tables below them once the browser is idle.
  const details = useAfterFirstScreen(dashboard.isSuccess);
  return (
    <Stack gap="md" component="section" aria-labelledby="dashboard-title" data-testid="home-dashboard">
      <Title order={3} size="h4" id="dashboard-title">
        {t('title')}
      </Title>
      {dashboard.isError && <LoadErrorAlert message={t('loadError')} onRetry={() => void dashboard.refetch()} />}
      {dashboard.isPending && <TileSkeletons height={96} />}
      {dashboard.data && (
        <>
          {withStatuses && <OpenByStatus counts={dashboard.data.open_by_status} />}
          <Figures data={dashboard.data} />
          {details ? <DashboardDetails data={dashboard.data} /> : <Skeleton h={DETAILS_HEIGHT} radius="md" />}
        </>
      )}
    </Stack>
  );
}
