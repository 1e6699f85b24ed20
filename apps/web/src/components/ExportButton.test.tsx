import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSlug } from '@wop/shared/roles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../lib/current-user.ts';
import { makeUser, mockApi, renderWithProviders, signIn } from '../test/utils.tsx';
import { ExportButton } from './ExportButton.tsx';

function renderAs(role: RoleSlug, route: string, ui = <ExportButton type="UsersExport" filters={{ chain_id: 7 }} />) {
  return renderWithProviders(<CurrentUserContext.Provider value={makeUser(role)}>{ui}</CurrentUserContext.Provider>, {
    route,
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('export button', () => {
  it('is not shown to a role that may not export that list', () => {
    renderAs('store-manager', '/users');
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });

  it('opens the export with the list filters and a download token, then says so', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/auth/download-token': { body: { message: null, payload: { token: 'dl-token', expires_at: '' } } },
    });
    const tab = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.fn(() => tab);
    vi.stubGlobal('open', open);
    renderAs('chain-admin', '/users?q=anna&role_id=5&page=3&limit=50&sort_by=name&sort_order=asc');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));

    expect(await screen.findByText('Success - Data has been exported')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    const url = new URL(tab.location.href, 'http://localhost');
    expect(url.pathname).toBe('/api/export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      type: 'UsersExport',
      q: 'anna',
      role_id: '5',
      sort_by: 'name',
      sort_order: 'asc',
      chain_id: '7',
      access_token: 'dl-token',
    });
    expect(tab.opener).toBeNull();
  });
});
