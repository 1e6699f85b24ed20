import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@wop/shared/chat';
import { describe, expect, it, vi } from 'vitest';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { MessagesButton } from './MessagesButton.tsx';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
const msg = (id: number, body: string, own: boolean, minutesAgo: number): ChatMessage => ({
  id,
  order_id: 7,
  sender_id: own ? 1 : 2,
  sender: own ? { id: 1, name: 'Maria Svensson' } : { id: 2, name: 'Mikko Virtanen' },
  body,
  created_at: at(minutesAgo),
  own,
});
// Newest first, as the server answers.
const page = (data: ChatMessage[], total = data.length) => ({
  body: { message: null, payload: { data, current_page: 1, last_page: 1, per_page: 10, total } },
});

describe('ChatPanel', () => {
  it('shows the oldest at the top, highlights the unread ones, marks them seen and clears the badge', async () => {
    signIn();
    let unread = 2;
    const api = mockApi({
      'GET /api/orders/7/messages': page([
        msg(4, 'Bring the key', false, 2),
        msg(3, 'On my way', false, 5),
        msg(2, 'Thanks!', true, 60),
        msg(1, '<b>Leak</b> in freezer', false, 120),
      ]),
      'GET /api/orders/7/unreadmessages': () => ({ body: { message: null, payload: { message_count: unread } } }),
      'POST /api/orders/7/updateseen': () => {
        unread = 0;
        return { body: { message: 'ok', payload: { last_seen_message_id: 4, message_count: 0 } } };
      },
    });
    renderWithProviders(
      <>
        <MessagesButton orderId={7} opened onClick={() => undefined} />
        <ChatPanel orderId={7} />
      </>,
      { user: makeUser('store-manager') },
    );
    const log = await screen.findByRole('log', { name: 'Messages' });
    const items = await within(log).findAllByTestId('chat-message');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('<b>Leak</b> in freezer'),
      expect.stringContaining('Thanks!'),
      expect.stringContaining('On my way'),
      expect.stringContaining('Bring the key'),
    ]);
    expect(items[1]).toHaveTextContent('You');
    expect(items[3]).toHaveTextContent('Mikko Virtanen');
    expect(items[3]).toHaveTextContent('2 min ago');
    await waitFor(() => expect(items[3]).toHaveAttribute('data-unread', 'true'));
    expect(items[2]).toHaveAttribute('data-unread', 'true');
    expect(items[0]).not.toHaveAttribute('data-unread');
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).includes('/updateseen'))).toBe(true));
    const seenCall = api.mock.calls.find(([url]) => String(url).includes('/updateseen'));
    expect(JSON.parse(String(seenCall?.[1]?.body))).toEqual({ message_id: 4 });
    await waitFor(() => expect(screen.queryByTestId('chat-unread-badge')).toBeNull());
  });

  it('sends on Enter, keeps Shift+Enter as a new line, and refuses an empty message', async () => {
    signIn();
    const sent: unknown[] = [];
    mockApi({
      'GET /api/orders/7/messages': page([]),
      'GET /api/orders/7/unreadmessages': { body: { message: null, payload: { message_count: 0 } } },
      'POST /api/orders/7/messages': ({ init }) => {
        sent.push(JSON.parse(String(init.body)));
        return { status: 201, body: { message: 'Message sent.', payload: msg(9, 'x', true, 0) } };
      },
    });
    renderWithProviders(<ChatPanel orderId={7} />, { user: makeUser('store-manager') });
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(await screen.findByText('Message is required.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(input, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(input).toHaveValue('Line one\nline two');
    expect(sent).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ body: 'Line one\nline two' }]));
    await waitFor(() => expect(input).toHaveValue(''));
  });

  it('shows a 422 from the server under the field and as "Error 422 - ..."', async () => {
    signIn();
    mockApi({
      'GET /api/orders/7/messages': page([]),
      'GET /api/orders/7/unreadmessages': { body: { message: null, payload: { message_count: 0 } } },
      'POST /api/orders/7/messages': {
        status: 422,
        body: {
          message: 'body: may not be longer than 5000 characters',
          errors: { body: ['may not be longer than 5000 characters'] },
        },
      },
    });
    renderWithProviders(<ChatPanel orderId={7} />, { user: makeUser('store-manager') });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    const user = userEvent.setup();
    await user.type(input, 'Too long{Enter}');
    expect(await screen.findByText('Error 422 - may not be longer than 5000 characters')).toBeInTheDocument();
    expect(await screen.findByText('Message may not be longer than 5000 characters.')).toBeInTheDocument();
    expect(input).toHaveValue('Too long');
  });

  it('says the messages cannot be shown offline when they were never fetched here, and offers a retry online', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    window.dispatchEvent(new Event('offline'));
    try {
      const { unmount } = renderWithProviders(<ChatPanel orderId={7} />, { user: makeUser('technician') });
      const log = await screen.findByRole('log', { name: 'Messages' });
      expect(await within(log).findByText(/never opened on this device/)).toBeInTheDocument();
      expect(within(log).queryByRole('button', { name: 'Try again' })).toBeNull();
      unmount();
    } finally {
      Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
      window.dispatchEvent(new Event('online'));
    }

    let down = true;
    mockApi({
      'GET /api/orders/7/messages': () =>
        down ? { status: 503, body: { message: 'down' } } : page([msg(1, 'Back', false, 1)]),
      'GET /api/orders/7/unreadmessages': { body: { message: null, payload: { message_count: 0 } } },
    });
    renderWithProviders(<ChatPanel orderId={7} />, { user: makeUser('technician') });
    const log = await screen.findByRole('log', { name: 'Messages' });
    expect(await within(log).findByText('The messages could not be loaded.')).toBeInTheDocument();
    down = false;
    fireEvent.click(within(log).getByRole('button', { name: 'Try again' }));
    expect(await within(log).findByText('Back')).toBeInTheDocument();
  });
});
