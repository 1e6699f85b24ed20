import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Visit } from '@wop/shared/visits';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { makeOrder, makeUser, mockApi, renderWithProviders } from '../../../test/utils.tsx';
import { OrderVisits } from './OrderVisits.tsx';

const VISIT: Visit = {
  id: 3,
  order_id: 7,
  technician: { id: 6, name: 'Mikko Virtanen' },
  checked_in_at: '2026-03-02T07:00:00.000Z',
  checked_out_at: '2026-03-02T19:00:00.000Z',
  minutes: 720,
  lat: 59.3149,
  lng: 18.0719,
  accuracy_m: 12,
  distance_m: 22,
  outcome: null,
  note: null,
  flags: ['auto_closed'],
  confirmed_at: null,
  confirmed_by: null,
};

function setup(role: 'admin' | 'store-manager', put: (body: unknown) => { status?: number; body: unknown }) {
  const sent: unknown[] = [];
  const fetchMock = mockApi({
    'GET /api/orders/7/visits': {
      body: { message: null, payload: { data: [VISIT], current_page: 1, last_page: 1, per_page: 100, total: 1 } },
    },
    'PUT /api/orders/7/visits/3': ({ init }) => {
      const body = JSON.parse(String(init.body));
      sent.push(body);
      return put(body);
    },
  });
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(role)}>
      <OrderVisits order={makeOrder({ time_on_site_minutes: 720 })} />
    </CurrentUserContext.Provider>,
  );
  return { fetchMock, sent, user: userEvent.setup() };
}

describe('the site visits of an order', () => {
  it('shows the time on site, the visit, its flags and a map link; a store manager may confirm, not correct', async () => {
    setup('store-manager', () => ({ body: {} }));
    const visit = await screen.findByTestId('visit');
    expect(screen.getByTestId('time-on-site')).toHaveTextContent('Time on site: 12 h 00 min');
    expect(visit).toHaveTextContent('Closed automatically after 12 h');
    expect(visit).toHaveTextContent('22 m from the store');
    expect(within(visit).getByRole('link', { name: 'Where the technician checked in, on the map' })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=59.3149&mlon=18.0719#map=17/59.3149/18.0719',
    );
    expect(within(visit).getByRole('button', { name: 'Confirm arrival' })).toBeInTheDocument();
    expect(within(visit).queryByRole('button', { name: 'Correct' })).toBeNull();
  });

  it("lets an admin correct a visit's outcome and times, and shows the server's field message", async () => {
    let answer: { status?: number; body: unknown } = {
      status: 422,
      body: {
        message: 'may not be before the check-in',
        errors: { checked_out_at: ['may not be before the check-in'] },
      },
    };
    const { sent, user } = setup('admin', () => answer);
    await user.click(await screen.findByRole('button', { name: 'Correct' }));
    await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
    await user.click(await screen.findByRole('option', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(/may not be before the check-in/)).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      checked_in_at: VISIT.checked_in_at,
      checked_out_at: VISIT.checked_out_at,
      outcome: 'done',
    });
    answer = {
      body: {
        message: 'Visit corrected.',
        payload: { ...VISIT, outcome: 'done', flags: ['auto_closed', 'corrected'] },
      },
    };
    await user.click(screen.getByRole('button', { name: /save/i }));
    expect(await screen.findByText(/Visit corrected/)).toBeInTheDocument();
  });
});
