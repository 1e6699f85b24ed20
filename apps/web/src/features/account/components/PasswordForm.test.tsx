import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/utils.tsx';
import { PasswordForm } from './PasswordForm.tsx';

const EMAIL = 'store@example.com';

describe('change-password form', () => {
  it('needs the current password, 8 characters, not the e-mail, and an equal confirmation before it sends', async () => {
    const fetchMock = mockApi({ 'POST /api/profile': { body: { message: 'Password changed.', payload: null } } });
    const user = userEvent.setup();
    renderWithProviders(<PasswordForm email={EMAIL} />);
    const field = (label: RegExp) => screen.getByLabelText(label);
    const retype = async (label: RegExp, value: string) => {
      await user.clear(field(label));
      await user.type(field(label), value);
    };

    expect(screen.getByText('8 to 128 characters, not your e-mail address.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required.')).toBeInTheDocument();
    expect(screen.getByText('New password is required.')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password is required.')).toBeInTheDocument();

    await retype(/^Current password/, 'demo1234');
    await retype(/^New password/, 'abcdefg');
    await retype(/^Confirm new password/, 'abd');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password must be at least 8 characters.')).toBeInTheDocument();
    expect(screen.getByText('Confirm new password does not match the new password.')).toBeInTheDocument();

    await retype(/^New password/, 'Store@Example.com');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('New password may not be the same as the e-mail address.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await retype(/^New password/, 'abcdefgh');
    await retype(/^Confirm new password/, 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Success - Password changed.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      current_password: 'demo1234',
      new_password: 'abcdefgh',
      confirm_password: 'abcdefgh',
    });
    expect(field(/^New password/)).toHaveValue('');
  });

  it('shows the server saying the current password is wrong under that field', async () => {
    mockApi({
      'POST /api/profile': {
        status: 422,
        body: {
          message: 'current_password: is not your current password',
          errors: { current_password: ['is not your current password'] },
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PasswordForm email={EMAIL} />);
    await user.type(screen.getByLabelText(/^Current password/), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'abcdefgh');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/is not your current password/)).toBeInTheDocument();
  });
});
