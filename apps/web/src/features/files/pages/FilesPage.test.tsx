import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { i18n } from '../../../lib/i18n.ts';
import { makeUser, mockApi, renderWithProviders, signIn } from '../../../test/utils.tsx';
import { FilesPage } from './FilesPage.tsx';

const envelope = (payload: unknown) => ({ body: { message: null, payload } });
const CHAIN = { id: 1, chain_name: 'Norrgården Livs' };
const EMPTY_FOLDER = {
  id: 3,
  category_name: null,
  title: 'Kylmanualer',
  sub_title: null,
  description: 'Manualer för kyldiskar.',
  chain_id: 1,
  chain: CHAIN,
  uploads: [],
  created_at: '2026-01-01T10:00:00Z',
};

function setup(groups: unknown[]) {
  signIn();
  mockApi({ 'GET /api/admin/categories': envelope(groups) });
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser('store-manager')}>
      <FilesPage />
    </CurrentUserContext.Provider>,
  );
}

describe('files page: empty texts (spec 2)', () => {
  it('says "No Files Available." when there is nothing in the library', async () => {
    setup([]);
    expect(await screen.findByText('No Files Available.')).toBeInTheDocument();
  });

  it('says "No Files Available." in a folder without files', async () => {
    setup([{ chain: CHAIN, data: [EMPTY_FOLDER] }]);
    expect(await screen.findByRole('heading', { name: 'Kylmanualer' })).toBeInTheDocument();
    expect(screen.getByText('No Files Available.')).toBeInTheDocument();
  });

  it('says it in Swedish too', async () => {
    await i18n.changeLanguage('sv');
    setup([{ chain: CHAIN, data: [EMPTY_FOLDER] }]);
    expect(await screen.findByText('Inga filer tillgängliga.')).toBeInTheDocument();
  });
});
