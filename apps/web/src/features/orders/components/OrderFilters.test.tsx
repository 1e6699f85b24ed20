import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocationProbe, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { OrderFilters } from './OrderFilters.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const envelope = (payload: unknown) => ({ body: { message: null, payload } });

function setup(route: string) {
  signIn();
  mockApi({
    'GET /api/orders/options': envelope({ chains: [], regions: [], stores: [], technicians: [] }),
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
});
