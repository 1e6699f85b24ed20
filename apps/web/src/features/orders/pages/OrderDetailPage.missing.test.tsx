import { act, screen, waitFor } from '@testing-library/react';
import type { OrderDetail } from '@wop/shared/orders';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeOrder, makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { OrderDetailPage } from './OrderDetailPage.tsx';

const ORDER: OrderDetail = {
  ...makeOrder({ id: 7, project_number: 10234, planned_at: null, version: 1 }),
  documents: [],
  history: [],
  phone_in: null,
};

const NOT_FOUND = 'The page you are looking for can not be found';
const NOT_OFFLINE = 'This page has not been opened on this device';

/** What fetch does without a connection. */
const noConnection = () => Promise.reject(new TypeError('Failed to fetch'));

function setup(firstAnswer: 'not found' | 'no connection') {
  signIn();
  mockApi({
    'GET /api/orders/7': { status: 404, body: { message: 'Order not found.' } },
    'GET /api/orders/7/messages': { body: { message: null, payload: { data: [], current_page: 1, last_page: 1 } } },
    'GET /api/orders/7/unreadmessages': { body: { message: null, payload: { message_count: 0 } } },
  });
  if (firstAnswer === 'no connection') vi.stubGlobal('fetch', vi.fn(noConnection));
  return renderWithProviders(
    <Routes>
      <Route path="/orders/:orderId" element={<OrderDetailPage />} />
    </Routes>,
    { route: '/orders/7', user: makeUser('technician') },
  );
}

/** Asks for every order query again, as any order's live event does, and holds the answer until `answer`. */
async function askAgain(queryClient: ReturnType<typeof setup>['queryClient']) {
  let answer: (response: Response) => void = () => undefined;
  const held = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', held);
  void queryClient.invalidateQueries({ queryKey: ['orders'] });
  await waitFor(() => expect(held).toHaveBeenCalled());
  // Whatever the query's new state renders is on screen once its observers have been told.
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  return (status: number, body: unknown) =>
    act(async () =>
      answer(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })),
    );
}

const skeletons = () => document.querySelectorAll('.mantine-Skeleton-root').length;

const CASES = [
  { name: 'not found, and still not found when asked again', first: 'not found', heading: NOT_FOUND, again: 404 },
  // The technician was assigned to it meanwhile.
  { name: 'not found, then shown when it answers', first: 'not found', heading: NOT_FOUND, again: 200 },
  {
    name: 'never opened on this device, then shown when it answers',
    first: 'no connection',
    heading: NOT_OFFLINE,
    again: 200,
  },
] as const;

describe('order detail: an order that is not there keeps saying so while it is asked again', () => {
  it.each(CASES)('$name', async ({ first, heading, again }) => {
    const { queryClient } = setup(first);
    expect(await screen.findByRole('heading', { name: heading })).toBeVisible();

    const answer = await askAgain(queryClient);
    expect(screen.getByRole('heading', { name: heading })).toBeVisible();
    expect(skeletons()).toBe(0);

    if (again === 404) {
      await answer(404, { message: 'Order not found.' });
      expect(screen.getByRole('heading', { name: heading })).toBeVisible();
    } else {
      await answer(200, { message: null, payload: ORDER });
      expect(await screen.findAllByText(/10234/)).not.toHaveLength(0);
      expect(screen.queryByRole('heading', { name: heading })).toBeNull();
    }
  });
});
