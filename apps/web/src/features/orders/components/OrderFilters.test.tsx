import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { LocationProbe, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { OrderFilters } from './OrderFilters.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const envelope = (payload: unknown) => ({ body: { message: null, payload } });

function setup(route: string) {
  signIn();
  mockApi({
    'GET /api/orders/options': envelope({ chains: [], regions: [], stores: [], technicians: [] }),
    'GET /api/orderstatus/all': envelope({
      data: [{ id: 2, slug: 'planned', title: 'Planned', label: 'Planned' }],
      total: 1,
    }),
  });
  renderWithProviders(
    <>
      <OrderFilters />
      <LocationProbe />
    </>,
    { route, user: makeUser('chain-admin') },
  );
  return userEvent.setup();
}

/** The real date field is a button (Mantine's picker input); its stand-in is a read-only text box. */
const dateField = () => screen.getByLabelText('Created between');

describe('the date range filter', () => {
  it('stands in with a read-only field until clicked, then opens the calendar there', async () => {
    const user = setup('/orders');
    expect(dateField().tagName).toBe('INPUT');
    expect(dateField()).toHaveAttribute('readonly');

    await user.click(dateField());
    await waitFor(() => expect(dateField().tagName).toBe('BUTTON'));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^\d+ / }).length).toBeGreaterThan(27);
  });

  it('takes the focus over from the stand-in without opening the calendar when tabbed into', async () => {
    const user = setup('/orders');
    dateField().focus();
    await waitFor(() => expect(dateField().tagName).toBe('BUTTON'));
    await waitFor(() => expect(dateField()).toHaveFocus());
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows the range the address holds straight away', async () => {
    setup('/orders?date_range=01-11-2026 00:00:00|07-11-2026 23:59:59');
    await waitFor(() => expect(dateField().tagName).toBe('BUTTON'));
    expect(dateField()).toHaveTextContent(/1 Nov 2026 – 7 Nov 2026/);
  });

  it('writes the range as the app writes dates in Finnish, not with dayjs month names', async () => {
    await i18n.changeLanguage('fi');
    setup('/orders?date_range=01-11-2026 00:00:00|07-11-2026 23:59:59');
    const field = () => screen.getByLabelText('Luotu aikavälillä');
    await waitFor(() => expect(field().tagName).toBe('BUTTON'));
    expect(field()).toHaveTextContent('1.11.2026 – 7.11.2026');
  });
});

describe('the select filters', () => {
  const approval = () => screen.getByRole('combobox', { name: 'Approval status' });

  it('stand in with a read-only field until clicked, then open their options there', async () => {
    const user = setup('/orders');
    expect(approval()).toHaveAttribute('readonly');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.click(approval());
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/orders?approval_status=approved');
    expect(approval()).toHaveValue('Approved');
  });

  it('take the focus over without opening when tabbed into; Arrow down then opens them', async () => {
    const user = setup('/orders');
    const standIn = approval();
    standIn.focus();
    await waitFor(() => expect(approval()).not.toBe(standIn));
    await waitFor(() => expect(approval()).toHaveFocus());
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: 'Rejected' })).toBeInTheDocument();
  });

  it('open with one click once the select has loaded for another filter', async () => {
    const user = setup('/orders');
    await user.click(approval());
    await user.click(await screen.findByRole('option', { name: 'Approved' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Planned' }));
    expect(screen.getByTestId('location')).toHaveTextContent('status=planned');
  });

  it('show the value the address holds straight away', async () => {
    setup('/orders?approval_status=rejected');
    await waitFor(() => expect(approval()).toHaveValue('Rejected'));
  });
});
