import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { OccurrenceStatus } from '@wop/shared/plans';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ScopeFilters } from '../../../components/ScopeFilters.tsx';
import { orderPath } from '../../../entities/orders.ts';
import { planPath } from '../../../entities/plans.ts';
import { appToday, useDateFormat } from '../../../lib/dates.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { calendarQueryOptions, scopeQueryOptions } from '../api/plans.ts';
import {
  byDay,
  type CalendarWeek,
  isoWeekday,
  monthRange,
  monthWeeks,
  parseMonth,
  shiftMonth,
} from '../components/calendar.ts';
import { type CalendarGroup, groupDay, targetName } from '../components/calendar-groups.ts';

const STATUS_COLOR: Record<OccurrenceStatus, string> = {
  coming: 'var(--mantine-color-blue-8)',
  generated: 'var(--mantine-color-teal-9)',
  skipped: 'var(--mantine-color-gray-7)',
};

/** This month where the chain is (APP_TIMEZONE), not where the browser is. */
const thisMonth = () => appToday().slice(0, 7);

/** One line of a day: a coloured mark, the status for screen readers, and where a click leads. */
function GroupLine({ group }: { group: CalendarGroup }) {
  const { t } = useTranslation('plans');
  const single = group.items.length === 1 ? group.items[0] : null;
  const to = single?.order ? orderPath(single.order.id) : planPath(group.plan_id);
  const what = single
    ? `${group.plan_title} · ${targetName(single)}${single.order ? ` · #${single.order.project_number}` : ''}`
    : `${group.plan_title} · ${t('calendar.targets', { count: group.items.length })}`;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-status={group.status}>
      <Box
        aria-hidden
        mt={6}
        style={{
          flex: 'none',
          width: 8,
          height: 8,
          borderRadius: group.status === 'coming' ? 0 : 8,
          background: STATUS_COLOR[group.status],
        }}
      />
      <Anchor component={Link} to={to} size="xs" style={{ overflowWrap: 'anywhere' }}>
        <VisuallyHidden>{t(`status.${group.status}`)}: </VisuallyHidden>
        {what}
      </Anchor>
    </Group>
  );
}

function Legend() {
  const { t } = useTranslation('plans');
  return (
    <Group gap="md" aria-hidden>
      {(['coming', 'generated', 'skipped'] as const).map((status) => (
        <Group key={status} gap={6} wrap="nowrap">
          <Box
            style={{
              width: 8,
              height: 8,
              borderRadius: status === 'coming' ? 0 : 8,
              background: STATUS_COLOR[status],
            }}
          />
          <Text size="xs">{t(`status.${status}`)}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The month as a grid of weeks, Monday first, with ISO week numbers. */
function MonthGrid({
  weeks,
  month,
  days,
  caption,
}: {
  weeks: CalendarWeek[];
  month: string;
  days: Map<string, CalendarGroup[]>;
  caption: string;
}) {
  const { t } = useTranslation('plans');
  return (
    <Table withTableBorder withColumnBorders layout="fixed" verticalSpacing={4} horizontalSpacing={6}>
      <caption style={{ captionSide: 'top', textAlign: 'start' }}>
        <VisuallyHidden>{caption}</VisuallyHidden>
      </caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={48}>
            <abbr title={t('calendar.week')}>{t('calendar.weekShort')}</abbr>
          </Table.Th>
          {[1, 2, 3, 4, 5, 6, 7].map((d) => (
            <Table.Th key={d}>
              <abbr title={t(`weekdays.${d}`)}>{t(`weekdaysShort.${d}`)}</abbr>
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {weeks.map((week) => (
          <Table.Tr key={week.days[0]}>
            <Table.Th scope="row" c="dimmed" fw={400} fz="xs" style={{ verticalAlign: 'top' }}>
              {week.week}
            </Table.Th>
            {week.days.map((day) => {
              const inMonth = day.startsWith(month);
              const groups = inMonth ? (days.get(day) ?? []) : [];
              return (
                <Table.Td key={day} style={{ verticalAlign: 'top', height: 96 }} data-day={day}>
                  <Text size="xs" fw={600} c={inMonth ? undefined : 'dimmed'}>
                    {Number(day.slice(8))}
                  </Text>
                  <Stack gap={2}>
                    {groups.map((g) => (
                      <GroupLine key={g.key} group={g} />
                    ))}
                  </Stack>
                </Table.Td>
              );
            })}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** On a phone: the month's weeks as a list, each day that has something under its week. */
function WeekList({
  weeks,
  month,
  days,
}: {
  weeks: CalendarWeek[];
  month: string;
  days: Map<string, CalendarGroup[]>;
}) {
  const { t } = useTranslation('plans');
  const { date } = useDateFormat();
  return (
    <Stack gap="md">
      {weeks.map((week) => {
        const shown = week.days.filter((d) => d.startsWith(month) && (days.get(d)?.length ?? 0) > 0);
        return (
          <Card key={week.days[0]} withBorder padding="sm" component="section">
            <Title order={2} size="h5">
              {t('calendar.weekTitle', { week: week.week, from: date(week.days[0]), to: date(week.days[6]) })}
            </Title>
            {shown.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('calendar.nothing')}
              </Text>
            ) : (
              <Stack gap="xs" mt="xs">
                {shown.map((day) => (
                  <div key={day} data-day={day}>
                    <Text size="sm" fw={600}>
                      {t(`weekdays.${isoWeekday(day)}`)} {date(day)}
                    </Text>
                    <Stack gap={4} mt={2}>
                      {(days.get(day) ?? []).map((g) => (
                        <GroupLine key={g.key} group={g} />
                      ))}
                    </Stack>
                  </div>
                ))}
              </Stack>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}

/**
 * /plans/calendar: a month of coming occurrences and generated orders, of a chain, region or store
 * (the caller's whole scope when none is chosen). A grid of weeks; a list by week on a phone.
 */
export function PlansCalendarPage() {
  const { t } = useTranslation('plans');
  usePageHeader(t('calendar.title'), null);
  const [params, setParams] = useSearchParams();
  const month = parseMonth(params.get('month')) ?? thisMonth();
  const isPhone = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const scope = useQuery(scopeQueryOptions());
  const range = monthRange(month);
  const calendar = useQuery(
    calendarQueryOptions({
      ...range,
      chain_id: params.get('chain_id') || undefined,
      region_id: params.get('region_id') || undefined,
      store_id: params.get('store_id') || undefined,
    }),
  );
  const days = new Map([...byDay(calendar.data ?? [])].map(([day, items]) => [day, groupDay(items)]));
  const weeks = monthWeeks(month);
  const [year, m] = month.split('-').map(Number);
  const monthName = t('calendar.month', { month: t(`months.${m}`), year });

  const go = (next: string) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === thisMonth()) updated.delete('month');
      else updated.set('month', next);
      return updated;
    });

  return (
    <Stack>
      <Group gap="sm" align="flex-end">
        <ScopeFilters scope={scope.data} withRegions />
        <Button variant="default" component={Link} to="/plans" leftSection={<IconList size={16} aria-hidden />}>
          {t('calendar.toList')}
        </Button>
      </Group>
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('calendar.previous')}
            onClick={() => go(shiftMonth(month, -1))}
          >
            <IconChevronLeft size={18} aria-hidden />
          </ActionIcon>
          <Title order={2} size="h3" aria-live="polite" style={{ whiteSpace: 'nowrap' }}>
            {monthName}
          </Title>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('calendar.next')}
            onClick={() => go(shiftMonth(month, 1))}
          >
            <IconChevronRight size={18} aria-hidden />
          </ActionIcon>
          {calendar.isFetching && <Loader size="xs" role="status" aria-label={t('preview.loading')} />}
        </Group>
        {month !== thisMonth() && (
          <Button variant="subtle" size="compact-sm" onClick={() => go(thisMonth())}>
            {t('calendar.today')}
          </Button>
        )}
      </Group>
      <Legend />
      {calendar.isSuccess && calendar.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('calendar.empty')}
        </Text>
      )}
      {isPhone ? (
        <WeekList weeks={weeks} month={month} days={days} />
      ) : (
        <MonthGrid weeks={weeks} month={month} days={days} caption={monthName} />
      )}
    </Stack>
  );
}
