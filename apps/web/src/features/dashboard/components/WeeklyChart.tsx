import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { Dashboard } from '@wop/shared/dashboard';
import { useTranslation } from 'react-i18next';

/** Orders created and completed per ISO week (the last 12). Loaded lazily: the chart library is large. */
export function WeeklyChart({ weekly }: { weekly: Dashboard['weekly'] }) {
  const { t, i18n } = useTranslation('dashboard');
  const data = weekly.map((w) => ({ ...w, week: t('weekShort', { week: Number(w.week.slice(-2)) }) }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="week"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={(value) => new Intl.NumberFormat(i18n.language).format(value)}
      series={[
        { name: 'created', label: t('chart.created'), color: 'blue.6' },
        { name: 'completed', label: t('chart.completed'), color: 'teal.7' },
      ]}
      tickLine="y"
      aria-label={t('chart.title')}
    />
  );
}

export default WeeklyChart;
