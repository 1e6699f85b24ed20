import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { renderWithProviders } from '../test/utils.tsx';
import { DateField } from './DateField.tsx';
import { DateTimeField } from './DateTimeField.tsx';
import { formatLongDate, formatPickerText, parseDateText } from './date-text.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** A form's value as the field hands it over, shown beside the field. */
function Form({ initial, required, withTime }: { initial: string; required?: boolean; withTime?: boolean }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {withTime ? (
        <DateTimeField label="Installed" withAsterisk={required} value={value} onChange={setValue} />
      ) : (
        <DateField label="Installed" withAsterisk={required} value={value} onChange={setValue} />
      )}
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const formValue = () => JSON.parse(screen.getByTestId('value').textContent ?? 'null') as string;

describe('the date field', () => {
  it.each([
    ['en', '21 Nov 2026'],
    ['sv', '21 nov. 2026'],
    ['fi', '21.11.2026'],
  ])('shows a day in the interface language (%s), not the browser’s', async (lng, shown) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<Form initial="2026-11-21" />);
    expect(screen.getByRole('textbox', { name: 'Installed' })).toHaveValue(shown);
  });

  it('follows a change of language while open', async () => {
    renderWithProviders(<Form initial="2026-03-02" />);
    expect(screen.getByRole('textbox', { name: 'Installed' })).toHaveValue('2 Mar 2026');
    await i18n.changeLanguage('sv');
    expect(await screen.findByRole('textbox', { name: 'Installed' })).toHaveValue('2 mars 2026');
  });

  it('draws the calendar in the interface language, weeks from Monday', async () => {
    await i18n.changeLanguage('fi');
    renderWithProviders(<Form initial="2026-11-21" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Installed' }));
    expect(await screen.findByText('marraskuu 2026')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays).toEqual(['ma', 'ti', 'ke', 'to', 'pe', 'la', 'su']);
    expect(screen.getByRole('button', { name: 'Seuraava kuukausi' })).toBeInTheDocument();
  });

  it('hands over the day picked from the calendar as YYYY-MM-DD', async () => {
    renderWithProviders(<Form initial="2026-11-21" />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Installed' }));
    await userEvent.click(await screen.findByRole('button', { name: '5 November 2026' }));
    expect(formValue()).toBe('2026-11-05');
    expect(screen.getByRole('textbox', { name: 'Installed' })).toHaveValue('5 Nov 2026');
  });

  it.each([
    ['fi', '3.4.2027', '3.4.2027'],
    ['sv', '3 apr 2027', '3 apr. 2027'],
    ['en', '3 April 2027', '3 Apr 2027'],
    ['en', '2027-04-03', '3 Apr 2027'],
  ])('takes a typed day (%s: %s) and shows it as the language writes it', async (lng, typed, shown) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<Form initial="" />);
    const field = screen.getByRole('textbox', { name: 'Installed' });
    await userEvent.type(field, typed);
    expect(formValue()).toBe('2027-04-03');
    await userEvent.tab();
    expect(field).toHaveValue(shown);
  });

  it('keeps the day it had when the typed text names none', async () => {
    await i18n.changeLanguage('fi');
    renderWithProviders(<Form initial="2026-11-21" required />);
    const field = screen.getByRole('textbox', { name: /Installed/ });
    await userEvent.clear(field);
    await userEvent.type(field, '31.2.2026');
    await userEvent.tab();
    expect(formValue()).toBe('2026-11-21');
    expect(field).toHaveValue('21.11.2026');
  });

  it('clears an optional field to an empty value, as a native date input does; a required one has no clear button', async () => {
    const { unmount } = renderWithProviders(<Form initial="2026-11-21" />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear Installed' }));
    expect(formValue()).toBe('');
    expect(screen.getByRole('textbox', { name: 'Installed' })).toHaveValue('');
    unmount();
    renderWithProviders(<Form initial="2026-11-21" required />);
    expect(screen.queryByRole('button', { name: 'Clear Installed' })).not.toBeInTheDocument();
  });

  it('shows an error under the field, tied to it', () => {
    renderWithProviders(<DateField label="Valid until" value="" onChange={() => undefined} error="Too early" />);
    expect(screen.getByRole('textbox', { name: 'Valid until' })).toHaveAccessibleDescription('Too early');
  });

  it('shows a date and time in the interface language, the value untouched', async () => {
    await i18n.changeLanguage('fi');
    renderWithProviders(<Form initial="2026-11-21 14:05:00" required withTime />);
    const field = screen.getByRole('button', { name: /Installed/ });
    expect(field).toHaveTextContent('21.11.2026 klo 14.05');
    await userEvent.click(field);
    const dropdown = await screen.findByRole('dialog');
    await userEvent.click(within(dropdown).getByRole('button', { name: '20. marraskuuta 2026' }));
    await userEvent.click(within(dropdown).getByRole('button', { name: 'Käytä tätä aikaa' }));
    expect(formValue()).toBe('2026-11-20 14:05:00');
  });
});

describe('reading a typed day', () => {
  it('reads ISO, dotted and worded days in the language', () => {
    expect(parseDateText('2026-11-21', 'en')).toBe('2026-11-21');
    expect(parseDateText(' 21.11.2026 ', 'fi')).toBe('2026-11-21');
    expect(parseDateText('21 marraskuuta 2026', 'fi')).toBe('2026-11-21');
    expect(parseDateText('21 marrask. 2026', 'fi')).toBe('2026-11-21');
    expect(parseDateText('21 nov. 2026', 'sv')).toBe('2026-11-21');
    expect(parseDateText('1 maj 2026', 'sv')).toBe('2026-05-01');
    expect(parseDateText('1 May 2026', 'en')).toBe('2026-05-01');
  });

  it('reads nothing from an impossible day, an unclear month or another language’s month', () => {
    expect(parseDateText('29.2.2026', 'fi')).toBeNull();
    expect(parseDateText('29.2.2028', 'fi')).toBe('2028-02-29');
    expect(parseDateText('2026-13-01', 'en')).toBeNull();
    expect(parseDateText('1 ju 2026', 'en')).toBeNull();
    expect(parseDateText('1 maj 2026', 'en')).toBeNull();
    expect(parseDateText('21.11.26', 'fi')).toBeNull();
    expect(parseDateText('', 'fi')).toBeNull();
  });

  it('writes a calendar’s day out as it is read aloud', () => {
    expect(formatLongDate('2026-11-21', 'en')).toBe('21 November 2026');
    expect(formatLongDate('2026-11-21', 'sv')).toBe('21 november 2026');
    expect(formatLongDate('2026-11-21', 'fi')).toBe('21. marraskuuta 2026');
  });

  it('writes a date-time picker’s text as the language writes a moment', () => {
    expect(formatPickerText('2026-11-21 14:05:00', 'en')).toBe('21 Nov 2026, 14:05');
    expect(formatPickerText('2026-11-21 14:05:00', 'sv')).toBe('21 nov. 2026 14:05');
    expect(formatPickerText('2026-11-21 14:05:00', 'fi')).toBe('21.11.2026 klo 14.05');
  });
});
