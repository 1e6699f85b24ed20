import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/utils.tsx';
import { ConfirmDelete } from './ConfirmDelete.tsx';

function Harness({ onConfirm, initial = true }: { onConfirm: () => unknown; initial?: boolean }) {
  const [opened, setOpened] = useState(initial);
  return (
    <>
      <ConfirmDelete opened={opened} onClose={() => setOpened(false)} onConfirm={onConfirm} name="Kungsgatan" />
      <output>{opened ? 'open' : 'closed'}</output>
      <button type="button" onClick={() => setOpened(true)}>
        Remove
      </button>
    </>
  );
}

describe('ConfirmDelete', () => {
  it('draws no dialog until it is first opened', async () => {
    renderWithProviders(<Harness onConfirm={vi.fn()} initial={false} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('dialog', { name: 'Delete Kungsgatan?' })).toBeInTheDocument();
  });

  it('asks before deleting and does nothing on cancel', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    expect(await screen.findByText('Delete Kungsgatan?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('closed');
  });

  it('deletes and closes on delete', async () => {
    const onConfirm = vi.fn(async () => undefined);
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('closed'));
  });

  it('stays open when the delete fails', async () => {
    const onConfirm = vi.fn(async () => {
      throw new Error('409');
    });
    renderWithProviders(<Harness onConfirm={onConfirm} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent('open');
  });
});
