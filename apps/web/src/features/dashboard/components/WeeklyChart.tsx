import { Box, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Dashboard } from '@wop/shared/dashboard';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../../components/Hint.tsx';

const SERIES = [
  { key: 'created', color: 'var(--mantine-color-blue-6)' },
  { key: 'completed', color: 'var(--mantine-color-teal-7)' },
] as const;

/** Room for the axis figures on the left and the week labels below the bars, in px. */
const AXIS_WIDTH = 36;
const LABEL_HEIGHT = 20;

/**
 * The value axis: from 0 to at least `max` in about four steps of 1, 2 or 5 times a power of ten
 * (counts, so never a step under 1).
 */
export function axisTicks(max: number): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? power * 10);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/**
 * Orders created and completed per ISO week (the last 12), as pairs of bars on a value axis. Drawn
 * with the UI kit's boxes and colours: 24 bars do not need a charting library (ADR 007). The bars
 * are for the eye (each week's figures in a tooltip); screen readers get the same figures as a table.
 */
export function WeeklyChart({ weekly }: { weekly: Dashboard['weekly'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  const ticks = axisTicks(Math.max(0, ...weekly.flatMap((w) => [w.created, w.completed])));
  const top = ticks[ticks.length - 1];
  const weeks = weekly.map((w) => ({ ...w, label: t('weekShort', { week: Number(w.week.slice(-2)) }) }));
  const percent = (value: number) => `${(value / top) * 100}%`;

  return (
    <Box>
      <Box pos="relative" h={240} aria-hidden data-testid="weekly-chart">
        <Box pos="absolute" top={8} right={0} bottom={LABEL_HEIGHT} left={AXIS_WIDTH}>
          {ticks.map((tick) => (
            <Box
              key={tick}
              pos="absolute"
              left={0}
              right={0}
              bottom={percent(tick)}
              style={{ borderTop: '1px dashed var(--mantine-color-default-border)' }}
            >
              <Text
                pos="absolute"
                right="100%"
                pr={6}
                size="xs"
                c="dimmed"
                lh={1}
                style={{ transform: 'translateY(-50%)' }}
              >
                {number.format(tick)}
              </Text>
            </Box>
          ))}
          <Group pos="absolute" inset={0} gap={0} wrap="nowrap" align="stretch">
            {weeks.map((w, i) => (
              <Hint
                key={w.week}
                label={`${w.label}: ${t('chart.created')} ${number.format(w.created)}, ${t('chart.completed')} ${number.format(w.completed)}`}
              >
                <Box pos="relative" flex={1} miw={0}>
                  <Group h="100%" gap={2} justify="center" align="flex-end" wrap="nowrap" px="15%">
                    {SERIES.map((s) => (
                      <Box
                        key={s.key}
                        data-series={s.key}
                        flex={1}
                        maw={20}
                        h={percent(w[s.key])}
                        bg={s.color}
                        style={{ borderRadius: '2px 2px 0 0' }}
                      />
                    ))}
                  </Group>
                  {/* On a phone every other week is labelled: twelve labels do not fit. */}
                  <Text
                    pos="absolute"
                    top="100%"
                    left={0}
                    right={0}
                    pt={4}
                    ta="center"
                    size="xs"
                    c="dimmed"
                    lh={1}
                    style={{ whiteSpace: 'nowrap' }}
                    visibleFrom={i % 2 === 1 ? 'sm' : undefined}
                  >
                    {w.label}
                  </Text>
                </Box>
              </Hint>
            ))}
          </Group>
        </Box>
      </Box>
      <Group justify="center" gap="md" mt="sm" aria-hidden>
        {SERIES.map((s) => (
          <Group key={s.key} gap={6}>
            <Box w={10} h={10} bg={s.color} style={{ borderRadius: 2 }} />
            <Text size="sm">{t(`chart.${s.key}`)}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <Table>
          <caption>{t('chart.title')}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('chart.week')}</Table.Th>
              <Table.Th scope="col">{t('chart.created')}</Table.Th>
              <Table.Th scope="col">{t('chart.completed')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.map((w) => (
              <Table.Tr key={w.week}>
                <Table.Th scope="row">{w.label}</Table.Th>
                <Table.Td>{number.format(w.created)}</Table.Td>
                <Table.Td>{number.format(w.completed)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
