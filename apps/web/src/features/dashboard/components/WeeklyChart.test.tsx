import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/utils.tsx';
import { axisTicks, WeeklyChart } from './WeeklyChart.tsx';

describe('the weekly chart', () => {
  it('steps its axis by 1, 2 or 5 times a power of ten up to at least the highest bar', () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(38)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(1234)).toEqual([0, 500, 1000, 1500]);
  });

  it('draws each week as bars on that axis and gives screen readers the figures as a table', () => {
    renderWithProviders(
      <WeeklyChart
        weekly={[
          { week: '2026-W46', created: 8, completed: 2 },
          { week: '2026-W47', created: 1234, completed: 0 },
        ]}
      />,
    );
    const chart = screen.getByTestId('weekly-chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    expect(within(chart).getByText('1,500')).toBeInTheDocument();
    expect(within(chart).getByText('W46')).toBeInTheDocument();

    // Heights relative to the axis top (1,500): 1,234 is 82.3 %, 8 is 0.5 %, none is no bar.
    const bars = [...chart.querySelectorAll<HTMLElement>('[data-series]')].map(
      (bar) => `${bar.dataset.series} ${Number.parseFloat(bar.style.height).toFixed(1)}`,
    );
    expect(bars).toEqual(['created 0.5', 'completed 0.1', 'created 82.3', 'completed 0.0']);

    const table = screen.getByRole('table', { name: 'Orders per week' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['W46', 'W47']);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['8', '2'],
      ['1,234', '0'],
    ]);
  });
});
