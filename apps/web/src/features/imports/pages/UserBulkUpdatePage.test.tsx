import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { UserBulkUpdatePage } from './UserBulkUpdatePage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  signIn();
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser('admin')}>
      <UserBulkUpdatePage />
    </CurrentUserContext.Provider>,
  );
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  return { input, user: userEvent.setup() };
}

const file = () => new File(['email,name\na@example.com,A\n'], 'users.csv', { type: 'text/csv' });

describe('bulk user update page', () => {
  it('asks for a file before sending anything', async () => {
    const fetchMock = mockApi({});
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Upload and update' }));
    expect(await screen.findByText('File is required.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists every failing line of a refused file', async () => {
    mockApi({
      'POST /api/import/user/update': {
        status: 422,
        body: {
          message: "Error! Couldn't import the provided dataset. Please fix the following error and try again.",
          errors: { '9': ['password: is required'], '3': ['role: does not exist', 'phone_no: is required'] },
        },
      },
    });
    const { input, user } = renderPage();
    await user.upload(input, file());
    await user.click(screen.getByRole('button', { name: 'Upload and update' }));
    const box = await screen.findByRole('alert');
    expect(box).toHaveTextContent(
      "Error! Couldn't import the provided dataset. Please fix the following error and try again.",
    );
    const lines = screen.getAllByRole('listitem').filter((item) => item.textContent?.startsWith('Line'));
    expect(lines.map((item) => item.textContent)).toEqual([
      'Line 3: role: does not exist; phone_no: is required',
      'Line 9: password: is required',
    ]);
  });

  it('sends the file as data_file and shows the server’s message', async () => {
    const fetchMock = mockApi({
      'POST /api/import/user/update': {
        body: { message: '1 user(s) created and 0 updated successfully.', payload: { created: 1, updated: 0 } },
      },
    });
    const { input, user } = renderPage();
    await user.upload(input, file());
    await user.click(screen.getByRole('button', { name: 'Upload and update' }));
    expect(await screen.findByText('Success - 1 user(s) created and 0 updated successfully.')).toBeInTheDocument();
    const body = fetchMock.mock.calls[0][1]?.body as FormData;
    expect((body.get('data_file') as File).name).toBe('users.csv');
  });
});
