import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, signIn } from '../../../test/utils.tsx';
import { useKeepOrdersForOffline } from './orders.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

function keeper(enabled: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useKeepOrdersForOffline(enabled), { wrapper }).result.current;
}

describe("a technician's orders kept for offline", () => {
  it('fetches every order of the page, one at a time', async () => {
    signIn();
    let inFlight = 0;
    let most = 0;
    const asked: string[] = [];
    const fetchMock = mockApi({});
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      asked.push(path);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      const id = Number(path.split('/').at(-1));
      return new Response(JSON.stringify({ message: null, payload: { id } }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    keeper(true)([11, 12, 13]);
    await waitFor(() => expect(asked).toEqual(['/api/orders/11', '/api/orders/12', '/api/orders/13']));
    expect(most).toBe(1);
  });

  it('fetches nothing for other roles', async () => {
    signIn();
    const fetchMock = mockApi({});
    keeper(false)([11, 12]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
