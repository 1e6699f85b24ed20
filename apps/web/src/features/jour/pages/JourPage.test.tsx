import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OncallDirectory, OncallLine } from '@wop/shared/phonein';
import type { RoleSlug } from '@wop/shared/roles';
import { describe, expect, it } from 'vitest';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { JourPage } from './JourPage.tsx';

const line = (id: number, city: string, workType: [number, string, string] | null, partner: string, phone: string) =>
  ({
    id,
    city,
    work_type_id: workType?.[0] ?? null,
    work_type: workType ? { id: workType[0], slug: workType[1], title: workType[2] } : null,
    partner,
    phone,
    created_at: '2026-01-01T10:00:00Z',
  }) satisfies OncallLine;

const DIRECTORY: OncallDirectory = {
  service_desk_phone: '070-174 06 05',
  office_hours: { days: 'mon-fri', from: '07:00', to: '17:00' },
  lines: [
    line(1, 'Stockholm', [1, 'electrical', 'Electrical'], 'Exempel El AB', '070-174 06 10'),
    line(2, 'Stockholm', [3, 'refrigeration', 'Refrigeration'], 'Exempel Kyl AB', '070-174 06 12'),
    line(3, 'Lund', null, 'Exempel Jour Lund AB', '+46 70 174 06 70'),
  ],
};
const envelope = (payload: unknown, message: string | null = null) => ({ body: { message, payload } });

function setup(role: RoleSlug, directory: OncallDirectory = DIRECTORY) {
  signIn();
  const fetchMock = mockApi({
    'GET /api/oncall-lines': envelope(directory),
    'GET /api/worktypes': envelope({
      data: [
        { id: 1, slug: 'electrical', title: 'Electrical', translations: [] },
        { id: 3, slug: 'refrigeration', title: 'Refrigeration', translations: [] },
      ],
      current_page: 1,
      last_page: 1,
      per_page: 1000,
      total: 2,
    }),
    'POST /api/oncall-lines': envelope(DIRECTORY.lines[0], 'On-call line created successfully.'),
    'PUT /api/oncall-lines/service-desk': envelope(
      { service_desk_phone: '08-123 456 78' },
      'Service desk number updated.',
    ),
  });
  renderWithProviders(<JourPage />, { user: makeUser(role) });
  const bodyOf = (method: string, path: string) => {
    const call = fetchMock.mock.calls.find(
      ([url, init]) => init?.method === method && new URL(String(url), 'http://x').pathname === path,
    );
    return call ? JSON.parse(String(call[1]?.body)) : undefined;
  };
  return { user: userEvent.setup(), bodyOf };
}

describe('the jour page', () => {
  it('shows the service desk and the on-call lines from the server as tap-to-call links', async () => {
    setup('store-manager');
    const desk = await screen.findAllByRole('link', { name: 'Call Service desk, 070-174 06 05' });
    expect(desk[0]).toHaveAttribute('href', 'tel:0701740605');
    expect(screen.getByText('Monday–Friday, 07:00–17:00')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['City', 'All trades', 'Electrical', 'Refrigeration']);
    const stockholm = within(table).getByRole('row', { name: /Stockholm/ });
    expect(
      within(stockholm).getByRole('link', { name: 'Call Exempel El AB (Stockholm, Electrical), 070-174 06 10' }),
    ).toHaveAttribute('href', 'tel:0701740610');
    expect(
      within(table).getByRole('link', { name: 'Call Exempel Jour Lund AB (Lund, All trades), +46 70 174 06 70' }),
    ).toHaveAttribute('href', 'tel:+46701740670');
    // Every number is still an example one: the page says so. No editing for a store manager.
    expect(screen.getByText('Example numbers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add line' })).not.toBeInTheDocument();
  });

  it('says nothing of example numbers once they are real', async () => {
    setup('technician', {
      ...DIRECTORY,
      service_desk_phone: '08-123 456 78',
      lines: [line(1, 'Stockholm', [1, 'electrical', 'Electrical'], 'El AB', '08-765 432 10')],
    });
    expect((await screen.findAllByText('El AB'))[0]).toBeInTheDocument();
    expect(screen.queryByText('Example numbers')).not.toBeInTheDocument();
  });

  it('lets an admin change the desk number and add a line for every trade', async () => {
    const { user, bodyOf } = setup('admin');
    const deskField = await screen.findByRole('textbox', { name: 'Service desk number' });
    await user.clear(deskField);
    await user.type(deskField, '08-123 456 78');
    await user.click(screen.getByRole('button', { name: 'Save number' }));
    await waitFor(() =>
      expect(bodyOf('PUT', '/api/oncall-lines/service-desk')).toEqual({ service_desk_phone: '08-123 456 78' }),
    );

    expect(screen.getByRole('button', { name: 'Edit Exempel El AB (Stockholm, Electrical)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add on-call line' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('City is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'City' }), 'Uppsala');
    await user.type(within(dialog).getByRole('textbox', { name: 'Service partner' }), 'Exempel Uppsala AB');
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone' }), '070-174 06 80');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodyOf('POST', '/api/oncall-lines')).toEqual({
        city: 'Uppsala',
        work_type_id: null,
        partner: 'Exempel Uppsala AB',
        phone: '070-174 06 80',
      }),
    );
  });
});
