import { screen } from '@testing-library/react';
import { LOCALES } from '@wop/shared/constants';
import { HISTORY_KEYS } from '@wop/shared/order-history';
import type { OrderHistoryEntry } from '@wop/shared/orders';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { renderWithProviders } from '../../../test/utils.tsx';
import { OrderHistory } from './OrderHistory.tsx';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const at = '2026-11-20T08:00:00.000Z';
const entry = (field: string, from: string | null, to: string | null, labels: [string, string] | null = null) =>
  ({
    at,
    user: { id: 1, name: 'Maria Svensson' },
    field,
    from,
    to,
    from_label: labels?.[0] ?? null,
    to_label: labels?.[1] ?? null,
  }) satisfies OrderHistoryEntry;

const DAY: OrderHistoryEntry[] = [
  entry('created', null, '100042'),
  entry('technician', null, 'Mikko Virtanen'),
  entry('status', 'pending', 'completed', ['Väntande', 'Slutförd']),
  entry('resolution', null, 'Bytte fläktmotorn.'),
  entry('confirmed', null, 'not-fixed'),
  entry('recall', null, '100057'),
  entry('created', '100042', '100057'),
  entry('some_new_field', 'a', 'b'),
  entry('quote', null, 'submitted'),
  entry('nte_minor', '500000', '750000'),
];

describe('order history', () => {
  it('has every sentence in every language', () => {
    for (const lng of LOCALES) {
      for (const key of HISTORY_KEYS) expect(i18n.exists(`orders:history.${key}`, { lng }), `${lng} ${key}`).toBe(true);
    }
  });

  it('words every line in Swedish, the sign-off and the follow-up too, never a key or a slug', async () => {
    await i18n.changeLanguage('sv');
    renderWithProviders(<OrderHistory history={DAY} currency="SEK" />);
    for (const line of [
      'Arbetsorder 100042 skapad',
      'Tekniker: Mikko Virtanen',
      'Status: Väntande → Slutförd',
      'Utfört arbete: Bytte fläktmotorn.',
      'Butiken angav att felet inte är åtgärdat',
      'Uppföljningsorder 100057 skapad',
      'Uppföljningsorder 100057 skapad för arbetsorder 100042',
      'Arbetsordern ändrades',
      'Offert: inväntar beslut',
      'Kostnadstak: 5 000,00 kr → 7 500,00 kr',
    ]) {
      expect(screen.getByText(line)).toBeInTheDocument();
    }
    const text = document.body.textContent ?? '';
    for (const raw of ['not-fixed', 'confirmed', 'recall', 'some_new_field', 'inget', 'submitted', 'nte_minor'])
      expect(text).not.toContain(raw);
  });

  it('words them in Finnish', async () => {
    await i18n.changeLanguage('fi');
    renderWithProviders(<OrderHistory history={DAY} currency="SEK" />);
    expect(screen.getByText('Myymälä ilmoitti, ettei vikaa ole korjattu')).toBeInTheDocument();
    expect(screen.getByText('Jatkotilaus 100057 avattu')).toBeInTheDocument();
    expect(screen.getByText('Tila: Odottaa → Valmis')).toBeInTheDocument();
  });
});
