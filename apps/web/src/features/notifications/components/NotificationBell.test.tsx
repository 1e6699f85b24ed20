import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { NotificationBell } from './NotificationBell.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const envelope = (payload: unknown) => ({ body: { message: null, payload } });

describe('the notification bell', () => {
  it('shows the unread count, and its list opens with the first click though it loads then', async () => {
    signIn();
    const fetchMock = mockApi({
      'GET /api/notifications/unread-count': envelope({ count: 2 }),
      'GET /api/notifications': envelope({
        data: [
          {
            id: 1,
            type: 'order_created',
            order_id: 7,
            project_number: 10042,
            title: 'New order 10042',
            body: 'Freezer leaking',
            created_at: '2026-11-21T12:05:00Z',
            read_at: null,
          },
        ],
        total: 1,
      }),
    });
    renderWithProviders(<NotificationBell />, { user: makeUser('store-manager') });
    const bell = await screen.findByRole('button', { name: /2 unread/ });
    const lists = () =>
      fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://x').pathname === '/api/notifications');
    expect(lists()).toHaveLength(0);

    await userEvent.click(bell);
    expect(await screen.findByText('New order 10042')).toBeInTheDocument();
    expect(screen.getByText('Freezer leaking')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /2 unread/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: /2 unread/ })).toHaveFocus();
  });
});
