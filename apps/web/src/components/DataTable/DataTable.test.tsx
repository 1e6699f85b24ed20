import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@wop/shared/api';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { LocationProbe, renderWithProviders } from '../../test/utils.tsx';
import { DataTable, type DataTableColumn } from './DataTable.tsx';
import type { ListQuery } from './list-params.ts';
import { applyParamChanges, nextSort } from './list-params.ts';

interface Store {
  id: number;
  store_name: string;
}

const columns: DataTableColumn<Store>[] = [
  { key: 'id', header: 'ID', sortable: true },
  { key: 'store_name', header: 'Name', sortable: true },
];

function pageOf(rows: Store[], overrides: Partial<Page<Store>> = {}): Page<Store> {
  return { data: rows, current_page: 1, last_page: 1, per_page: 25, total: rows.length, ...overrides };
}

const rows = [
  { id: 2, store_name: 'Kungsgatan' },
  { id: 1, store_name: 'Drottninggatan' },
];

function setup(route: string, queryFn: (q: ListQuery) => Promise<Page<Store>>, filterParams: string[] = []) {
  const fn = vi.fn(queryFn);
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <DataTable<Store>
        label="Stores"
        queryKey={['stores']}
        queryFn={(query) => fn(query)}
        columns={columns}
        filterParams={filterParams}
      />
      <LocationProbe />
    </>,
    { route },
  );
  const location = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://x');
  return { fn, user, location };
}

describe('DataTable', () => {
  it('loads page 1, 25 rows, sorted by id descending by default', async () => {
    const { fn } = setup('/stores', async () => pageOf(rows));
    expect(await screen.findByText('Kungsgatan')).toBeInTheDocument();
    expect(fn).toHaveBeenLastCalledWith({ page: 1, limit: 25, q: '', sort_by: 'id', sort_order: 'desc' });
    expect(screen.getByRole('columnheader', { name: /ID/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows a screenful of a long page with its answer, then every row of it', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: 40 - i, store_name: `Store ${40 - i}` }));
    setup('/stores?limit=50', async () => pageOf(many, { per_page: 50 }));
    expect(await screen.findByText('Store 40')).toBeInTheDocument();
    // The rest follows while the browser is idle, and the summary counts the whole page meanwhile.
    expect(screen.getByText('Showing 1–40 of 40')).toBeInTheDocument();
    expect(await screen.findByText('Store 1')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Stores' })).getAllByRole('row')).toHaveLength(41);
  });

  it('renders each row once as the rest of a long page follows, not every row above it again', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ id: 40 - i, store_name: `Store ${40 - i}` }));
    const name = vi.fn((row: Store) => row.store_name);
    renderWithProviders(
      <DataTable<Store>
        label="Stores"
        queryKey={['stores']}
        queryFn={async () => pageOf(many, { per_page: 50 })}
        columns={[columns[0], { ...columns[1], render: name }]}
      />,
      { route: '/stores?limit=50' },
    );
    expect(await screen.findByText('Store 1')).toBeInTheDocument();
    expect(name).toHaveBeenCalledTimes(40);
  });

  it('flips the direction when the sorted column is chosen again, and starts a new column ascending', async () => {
    const { fn, user, location } = setup('/stores', async () => pageOf(rows));
    await screen.findByText('Kungsgatan');

    await user.click(screen.getByRole('button', { name: /Sort by Name/ }));
    expect(location().searchParams.get('sort_by')).toBe('store_name');
    expect(location().searchParams.get('sort_order')).toBe('asc');
    await waitFor(() =>
      expect(fn).toHaveBeenLastCalledWith(expect.objectContaining({ sort_by: 'store_name', sort_order: 'asc' })),
    );

    await user.click(screen.getByRole('button', { name: /Sort by Name/ }));
    expect(location().searchParams.get('sort_order')).toBe('desc');
    await waitFor(() =>
      expect(fn).toHaveBeenLastCalledWith(expect.objectContaining({ sort_by: 'store_name', sort_order: 'desc' })),
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /Sort by ID/ }));
    await user.click(screen.getByRole('button', { name: /Sort by ID/ }));
    // Back to the default id desc, which the URL leaves out.
    expect(location().search).toBe('');
  });

  it('goes back to page 1 when the page size changes', async () => {
    const { fn, user, location } = setup('/stores?page=3', async (q) =>
      pageOf(rows, { current_page: Number(q.page), last_page: 5, total: 120 }),
    );
    await screen.findByText('Kungsgatan');
    expect(fn).toHaveBeenLastCalledWith(expect.objectContaining({ page: 3, limit: 25 }));

    await user.selectOptions(screen.getByLabelText('Rows per page'), '50');
    expect(location().searchParams.get('limit')).toBe('50');
    expect(location().searchParams.get('page')).toBeNull();
    await waitFor(() => expect(fn).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, limit: 50 })));
  });

  it('offers the page sizes 10, 25, 50, 100 and 500 in English, 25 selected', async () => {
    setup('/stores', async () => pageOf(rows));
    await screen.findByText('Kungsgatan');
    const select = screen.getByLabelText('Rows per page');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100', '500']);
    expect(select).toHaveValue('25');
  });

  it.each([
    ['sv', 'Rader per sida'],
    ['fi', 'Rivejä sivulla'],
  ])('offers only 25, 50, 100 and 500 in %s', async (lng, label) => {
    await i18n.changeLanguage(lng);
    setup('/stores', async () => pageOf(rows));
    await screen.findByText('Kungsgatan');
    const select = screen.getByLabelText(label);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['25', '50', '100', '500']);
    expect(select).toHaveValue('25');
  });

  it('loads 25 rows in Swedish when an English link asks for 10', async () => {
    await i18n.changeLanguage('sv');
    const { fn } = setup('/stores?limit=10', async () => pageOf(rows));
    await screen.findByText('Kungsgatan');
    expect(fn).toHaveBeenLastCalledWith(expect.objectContaining({ limit: 25 }));
  });

  it('paginates with first, previous, next, last and ellipses', async () => {
    const { user, location } = setup('/stores?page=10', async (q) =>
      pageOf(rows, { current_page: Number(q.page), last_page: 20, total: 500 }),
    );
    await screen.findByText('Kungsgatan');
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(within(nav).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: 'Page 10' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Page 20' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Page 5' })).not.toBeInTheDocument();
    expect(nav.querySelectorAll('.mantine-Pagination-dots')).toHaveLength(2);
    expect(screen.getByText('Showing 226–227 of 500')).toBeInTheDocument();

    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    expect(location().searchParams.get('page')).toBe('11');
    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    expect(location().searchParams.get('page')).toBe('20');
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    expect(location().searchParams.get('page')).toBeNull();
  });

  it('says "No Data Available" for an empty list', async () => {
    setup('/stores', async () => pageOf([]));
    expect(await screen.findByText('No Data Available')).toBeInTheDocument();
  });

  it('says "No Results Found" when a search finds nothing', async () => {
    setup('/stores?q=zzz', async () => pageOf([]));
    expect(await screen.findByText('No Results Found')).toBeInTheDocument();
  });

  it('reads its whole state, filters included, from the URL', async () => {
    const { fn } = setup(
      '/stores?q=kung&page=2&limit=50&sort_by=store_name&sort_order=asc&chain_id=7&other=x',
      async () => pageOf(rows, { current_page: 2, last_page: 3, total: 120 }),
      ['chain_id'],
    );
    await screen.findByText('Kungsgatan');
    expect(fn).toHaveBeenLastCalledWith({
      page: 2,
      limit: 50,
      q: 'kung',
      sort_by: 'store_name',
      sort_order: 'asc',
      chain_id: '7',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('kung');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('50');
  });

  it('writes the debounced search to the URL and goes back to page 1', async () => {
    const { fn, user, location } = setup('/stores?page=2', async (q) =>
      pageOf(rows, { current_page: Number(q.page), last_page: 3, total: 60 }),
    );
    await screen.findByText('Kungsgatan');
    await user.type(screen.getByLabelText('Search'), 'drott');
    await waitFor(() => expect(location().searchParams.get('q')).toBe('drott'));
    expect(location().searchParams.get('page')).toBeNull();
    await waitFor(() => expect(fn).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'drott', page: 1 })));
    // Typed letters were batched into one request, not one per key.
    expect(fn.mock.calls.filter(([q]) => String(q.q).startsWith('d')).map(([q]) => q.q)).toEqual(['drott']);
  });
});

describe('list params', () => {
  it('flips a re-selected column and starts others ascending', () => {
    expect(nextSort({ by: 'id', order: 'desc' }, 'id')).toEqual({ by: 'id', order: 'asc' });
    expect(nextSort({ by: 'id', order: 'asc' }, 'id')).toEqual({ by: 'id', order: 'desc' });
    expect(nextSort({ by: 'id', order: 'asc' }, 'name')).toEqual({ by: 'name', order: 'asc' });
  });

  it('keeps defaults and empty values out of the URL', () => {
    const next = applyParamChanges(
      new URLSearchParams('page=4&q=a'),
      { q: '', limit: 25, sort_by: 'id', sort_order: 'desc' },
      { by: 'id', order: 'desc' },
      true,
    );
    expect(next.toString()).toBe('');
  });
});
