import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/utils.tsx';
import { TimeField } from './TimeField.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe("an order's date and time", () => {
  it.each([
    ['en', '21 Nov 2026, 14:05'],
    ['sv', '21 nov. 2026 14:05'],
    ['fi', '21.11.2026 klo 14.05'],
  ] as const)('is written in %s as the app writes a moment', async (lng, shown) => {
    await i18n.changeLanguage(lng);
    renderWithProviders(<TimeField label="Planned" value="2026-11-21 14:05:00" onChange={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Planned' })).toHaveTextContent(shown);
  });
});
