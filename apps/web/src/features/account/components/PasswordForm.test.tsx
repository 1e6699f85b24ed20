import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/utils.tsx';
import { PasswordForm } from './PasswordForm.tsx';

describe('change-password form', () => {
  it('needs at least 6 characters and an equal confirmation before it sends anything', async () => {
    const fetchMock = mockApi({ 'POST /api/profile': { body: { message: 'Password changed.', payload: null } } });
    const user = userEvent.setup();
    renderWithProviders(<PasswordForm />);

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password is required.')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^New password/), 'abc');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password does not match the new password.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'abcdef');
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Success - Password changed.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      new_password: 'abcdef',
      confirm_password: 'abcdef',
    });
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });
});
