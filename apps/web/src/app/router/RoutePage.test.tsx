import { screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/utils.tsx';
import type { PageComponent } from './pages.ts';
import { RoutePage } from './RoutePage.tsx';

const fakePage = (text: string, preload = vi.fn(async () => undefined)): PageComponent =>
  Object.assign(
    lazy(async () => ({ default: () => <p>{text}</p> })),
    { preload },
  );

describe('a routed page with child routes', () => {
  it("fetches its children's pages once it has shown, before the user opens one", async () => {
    const stores = vi.fn(async () => undefined);
    const users = vi.fn(async () => undefined);
    renderWithProviders(
      <Routes>
        <Route
          path="/chains/:chainId"
          element={
            <RoutePage
              Page={fakePage('Chain')}
              next={[
                { path: 'stores', Page: fakePage('Stores', stores) },
                { path: 'users', Page: fakePage('Users', users) },
              ]}
            />
          }
        />
      </Routes>,
      { route: '/chains/1' },
    );
    expect(await screen.findByText('Chain')).toBeInTheDocument();
    expect(stores).not.toHaveBeenCalled();
    await waitFor(() => expect(users).toHaveBeenCalledOnce(), { timeout: 3000 });
    expect(stores).toHaveBeenCalledOnce();
  });
});
