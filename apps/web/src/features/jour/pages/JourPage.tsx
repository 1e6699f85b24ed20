import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBolt,
  IconClock,
  IconDroplet,
  IconInfoCircle,
  IconMoon,
  IconPhone,
  IconSnowflake,
  IconTool,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isLocale, type Locale } from '@wop/shared/constants';
import type { OncallLine } from '@wop/shared/phonein';
import { telHref } from '@wop/shared/phonein';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { Warning } from '../../../components/Warning.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { oncallQueryOptions } from '../api/oncall.ts';
import { OncallEditor } from '../components/OncallEditor.tsx';
import { isExampleNumber, tableOf } from '../jour-table.ts';

const TRADE_ICON: Record<string, typeof IconBolt> = {
  electrical: IconBolt,
  plumbing: IconDroplet,
  refrigeration: IconSnowflake,
};
const iconOf = (slug: string | null) => (slug && TRADE_ICON[slug]) || IconTool;

/** Finnish writes times with a dot (07.00); English and Swedish use a colon here. */
const clock = (time: string, lng: Locale) => (lng === 'fi' ? time.replace(':', '.') : time);

function PhoneLink({ line, label }: { line: Pick<OncallLine, 'phone'>; label: string }) {
  return (
    <Anchor href={telHref(line.phone)} aria-label={label} fw={600} style={{ whiteSpace: 'nowrap' }}>
      <Group gap={6} wrap="nowrap" component="span">
        <IconPhone size={16} aria-hidden />
        {line.phone}
      </Group>
    </Anchor>
  );
}

export function JourPage() {
  const { t, i18n } = useTranslation('jour');
  const lng: Locale = isLocale(i18n.language) ? i18n.language : 'en';
  usePageHeader(t('title'));
  const canEdit = useCan('oncall:manage');
  const directory = useQuery(oncallQueryOptions(lng));
  if (!directory.data) return <PageLoader />;
  const OFFICE_HOURS = directory.data.office_hours;
  const officeDesk = { phone: directory.data.service_desk_phone };
  const { trades, cities } = tableOf(directory.data.lines);
  const tradeName = (trade: { title: string | null }) => trade.title ?? t('allTrades');
  const isExample = [officeDesk, ...directory.data.lines].some((line) => isExampleNumber(line.phone));

  return (
    <Stack gap="lg" maw={1100}>
      <Text>{t('intro')}</Text>

      {isExample && (
        <Warning title={t('example.title')}>
          <Text size="sm" c="dark.7">
            {t('example.text')}
          </Text>
        </Warning>
      )}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="office-hours">
          <Group gap="sm" mb="sm">
            <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
              <IconClock size={20} />
            </ThemeIcon>
            <Title order={2} size="h4" id="office-hours">
              {t('office.title')}
            </Title>
          </Group>
          <Text fw={600}>
            {t('office.days')},{' '}
            {t('office.hours', { from: clock(OFFICE_HOURS.from, lng), to: clock(OFFICE_HOURS.to, lng) })}
          </Text>
          <Group gap="xs" mt="xs">
            <Text>{t('office.desk')}:</Text>
            <PhoneLink line={officeDesk} label={t('call', { name: t('office.desk'), phone: officeDesk.phone })} />
          </Group>
        </Paper>
        <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="after-hours">
          <Group gap="sm" mb="sm">
            <ThemeIcon variant="light" color="indigo" size="lg" radius="md" aria-hidden>
              <IconMoon size={20} />
            </ThemeIcon>
            <Title order={2} size="h4" id="after-hours">
              {t('afterHours.title')}
            </Title>
          </Group>
          <Text>{t('afterHours.text')}</Text>
          <Group gap="xs" mt="xs" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm">{t('asap')}</Text>
          </Group>
        </Paper>
      </SimpleGrid>

      <Title order={2} size="h3">
        {t('lines')}
      </Title>

      {/* Wide screens: one table, cities down, trades across. */}
      <Paper withBorder radius="md" visibleFrom="md">
        <Table verticalSpacing="md" horizontalSpacing="lg" highlightOnHover={false}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('city')}</Table.Th>
              {trades.map((trade) => {
                const Icon = iconOf(trade.slug);
                return (
                  <Table.Th scope="col" key={trade.key}>
                    <Group gap={6} wrap="nowrap">
                      <Icon size={16} aria-hidden />
                      {tradeName(trade)}
                    </Group>
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cities.map((city) => (
              <Table.Tr key={city.key}>
                <Table.Th scope="row">{city.name}</Table.Th>
                {trades.map((trade) => {
                  const line = city.lines.find((l) => (l.work_type_id ?? 0) === trade.key);
                  return (
                    <Table.Td key={trade.key}>
                      {line ? (
                        <Stack gap={2}>
                          <PhoneLink
                            line={line}
                            label={t('call', {
                              name: `${line.partner} (${city.name}, ${tradeName(trade)})`,
                              phone: line.phone,
                            })}
                          />
                          <Text size="sm" c="dimmed">
                            {line.partner}
                          </Text>
                        </Stack>
                      ) : (
                        '–'
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      {/* Phones: a card per city. */}
      <Stack gap="sm" hiddenFrom="md">
        {cities.map((city) => (
          <Card key={city.key} withBorder radius="md" padding="md" component="section" aria-label={city.name}>
            <Title order={3} size="h5" mb="xs">
              {city.name}
            </Title>
            <Stack gap="sm">
              {city.lines.map((line) => {
                const Icon = iconOf(line.work_type?.slug ?? null);
                const trade = line.work_type?.title ?? t('allTrades');
                return (
                  <Group key={line.id} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <Group gap={8} wrap="nowrap" align="flex-start">
                      <Icon size={18} aria-hidden style={{ marginTop: 2, flexShrink: 0 }} />
                      <Stack gap={0}>
                        <Text fw={600} size="sm">
                          {trade}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {line.partner}
                        </Text>
                      </Stack>
                    </Group>
                    <PhoneLink
                      line={line}
                      label={t('call', {
                        name: `${line.partner} (${city.name}, ${trade})`,
                        phone: line.phone,
                      })}
                    />
                  </Group>
                );
              })}
            </Stack>
          </Card>
        ))}
      </Stack>

      {canEdit && <OncallEditor key={directory.dataUpdatedAt} directory={directory.data} />}
    </Stack>
  );
}
