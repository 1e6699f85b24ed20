import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TitleSlugFormDialog } from '../../../components/TitleSlugFormDialog.tsx';
import { mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { roleQueryOptions, useSaveRole } from '../api/roles.ts';

function RoleDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const save = useSaveRole();
  return (
    <TitleSlugFormDialog namespace="roles" opened id={id} onClose={onClose} detail={roleQueryOptions} save={save} />
  );
}

describe('TitleSlugFormDialog (roles and order statuses)', () => {
  it('derives the slug from the title while typing, and sends both', async () => {
    signIn();
    const fetchMock = mockApi({
      'POST /api/roles': { status: 201, body: { message: 'Role created successfully.', payload: {} } },
    });
    const onClose = vi.fn();
    renderWithProviders(<RoleDialog id={null} onClose={onClose} />);
    await userEvent.type(screen.getByRole('textbox', { name: /title/i }), 'Facility Manager');
    expect(screen.getByRole('textbox', { name: /slug/i })).toHaveValue('facility-manager');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/roles')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ title: 'Facility Manager', slug: 'facility-manager' });
  });

  it('shows the server title error under the slug too and keeps what was typed', async () => {
    signIn();
    mockApi({
      'POST /api/roles': {
        status: 422,
        body: { message: 'title: has already been taken', errors: { title: ['has already been taken'] } },
      },
    });
    renderWithProviders(<RoleDialog id={null} onClose={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: /title/i }), 'Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // Under title and slug, plus the one toast of the app's error reporter.
    expect(await screen.findAllByText(/has already been taken/)).toHaveLength(3);
    expect(screen.getByRole('textbox', { name: /title/i })).toHaveValue('Admin');
  });

  it('locks the slug of a built-in item', async () => {
    signIn();
    mockApi({
      'GET /api/roles/3': {
        body: { message: null, payload: { id: 3, title: 'Chain Admin', slug: 'chain-admin', builtin: true } },
      },
    });
    renderWithProviders(<RoleDialog id={3} onClose={vi.fn()} />);
    expect(await screen.findByDisplayValue('chain-admin')).toBeDisabled();
  });
});
