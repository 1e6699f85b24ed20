import { ActionIcon } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/utils.tsx';
import { Hint } from './Hint.tsx';

const hinted = (onClick?: () => void) =>
  renderWithProviders(
    <Hint label="Delete this order">
      <ActionIcon aria-label="Delete 10042" onClick={onClick}>
        x
      </ActionIcon>
    </Hint>,
  );

describe('Hint', () => {
  it('shows its tooltip on the first hover, though the tooltip loads only then', async () => {
    hinted();
    expect(screen.queryByRole('tooltip')).toBeNull();
    await userEvent.hover(screen.getByRole('button', { name: 'Delete 10042' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete this order');
    await userEvent.unhover(screen.getByRole('button', { name: 'Delete 10042' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('keeps the very button it describes while the tooltip arrives, so a click then is not lost', async () => {
    let clicks = 0;
    hinted(() => {
      clicks += 1;
    });
    const button = screen.getByRole('button', { name: 'Delete 10042' });
    const user = userEvent.setup();
    await user.pointer([{ target: button }, { keys: '[MouseLeft>]', target: button }]);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete this order');
    expect(screen.getByRole('button', { name: 'Delete 10042' })).toBe(button);
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    expect(clicks).toBe(1);
  });
});
