import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleSlug } from '@wop/shared/roles';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { LocationProbe, makeUser, renderWithProviders } from '../../../test/utils.tsx';
import { viewsKey } from './order-views.ts';
import { QuickFilters } from './QuickFilters.tsx';

const SORT = { by: 'project_number', order: 'desc' } as const;

function setup(route = '/orders', role: RoleSlug = 'chain-admin') {
  const user = userEvent.setup();
  const rendered = renderWithProviders(
    <>
      <QuickFilters defaultSort={SORT} />
      <LocationProbe />
    </>,
    { route, user: makeUser(role, { id: 7 }) },
  );
  const search = () => new URL(screen.getByTestId('location').textContent ?? '', 'http://x').search;
  const group = () => screen.getByRole('group', { name: 'Quick filters' });
  const view = (name: string) => within(group()).getByRole('button', { name });
  return { user, search, group, view, unmount: rendered.unmount };
}

const pressed = (button: HTMLElement) => button.getAttribute('aria-pressed');

describe('QuickFilters', () => {
  it('shows the built-in views for the role: approvers also get "Awaiting approval"', () => {
    const { group, unmount } = setup('/orders', 'chain-admin');
    expect(
      within(group())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open', 'Overdue', 'Awaiting approval']);
    unmount();
    setup('/orders', 'store-manager');
    expect(screen.queryByRole('button', { name: 'Awaiting approval' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Overdue' })).toBeInTheDocument();
  });

  it('presses every view whose filters the list has, whatever else is on, the page, sort and search', () => {
    const { view, unmount } = setup('/orders?approval_status=pending&page=3&sort_by=due_at&q=leak');
    expect(pressed(view('Awaiting approval'))).toBe('true');
    expect(pressed(view('Open'))).toBe('false');
    unmount();
    const again = setup('/orders?approval_status=pending&open=true&store_id=4');
    expect(pressed(again.view('Awaiting approval'))).toBe('true');
    expect(pressed(again.view('Open'))).toBe('true');
    expect(pressed(again.view('Overdue'))).toBe('false');
  });

  it('applies a view in place of the other filters, back to page 1, and clears it on a second click', async () => {
    const { user, view, search } = setup('/orders?open=true&store_id=4&page=2&sort_by=due_at&sort_order=asc&q=leak');
    await user.click(view('Awaiting approval'));
    expect(search()).toBe('?sort_by=due_at&sort_order=asc&q=leak&approval_status=pending');
    expect(pressed(view('Awaiting approval'))).toBe('true');
    await user.click(view('Awaiting approval'));
    expect(search()).toBe('?sort_by=due_at&sort_order=asc&q=leak');
    expect(pressed(view('Awaiting approval'))).toBe('false');
  });

  it('saves the filters and search under a name, shows the view after a reload, and removes it', async () => {
    const first = setup('/orders?overdue=true&store_id=4&q=freezer');
    await first.user.click(await screen.findByRole('button', { name: 'Save view' }));
    const dialog = screen.getByRole('dialog', { name: 'Save view' });
    await first.user.type(within(dialog).getByRole('textbox', { name: 'View name' }), '  Freezers late  ');
    await first.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(pressed(first.view('Freezers late'))).toBe('true');
    expect(screen.queryByRole('button', { name: 'Save view' })).toBeNull();
    first.unmount();

    const { user, view, search } = setup('/orders');
    expect(pressed(view('Freezers late'))).toBe('false');
    await user.click(view('Overdue'));
    await user.click(view('Freezers late'));
    expect(Object.fromEntries(new URLSearchParams(search()))).toEqual({
      overdue: 'true',
      store_id: '4',
      q: 'freezer',
    });
    await user.click(screen.getByRole('button', { name: 'Remove view Freezers late' }));
    expect(screen.queryByRole('button', { name: 'Freezers late' })).toBeNull();
    expect(window.localStorage.getItem(viewsKey(7))).toBeNull();
  });

  it('asks for a name of at most 40 characters, in the interface language', async () => {
    await i18n.changeLanguage('sv');
    const { user } = setup('/orders?store_id=4');
    await user.click(await screen.findByRole('button', { name: 'Spara vy' }));
    const dialog = screen.getByRole('dialog', { name: 'Spara vy' });
    const name = within(dialog).getByRole('textbox', { name: /Vyns namn/ });
    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(within(dialog).getByText('Vyns namn är obligatoriskt.')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'x'.repeat(41));
    await user.click(within(dialog).getByRole('button', { name: 'Spara' }));
    expect(within(dialog).getByText('Vyns namn får vara högst 40 tecken.')).toBeInTheDocument();
    expect(window.localStorage.getItem(viewsKey(7))).toBeNull();
  });

  it('ignores corrupt storage and views that are not views', () => {
    window.localStorage.setItem(viewsKey(7), '[{"name":"Mine","params":{"open":"true"}},{"name":1},');
    const { group, unmount } = setup();
    expect(within(group()).getAllByRole('button')).toHaveLength(3);
    unmount();
    window.localStorage.setItem(
      viewsKey(7),
      JSON.stringify([{ name: 'Mine', params: { store_id: '4', page: '9' } }, { nope: true }]),
    );
    const { view } = setup('/orders?store_id=4');
    expect(pressed(view('Mine'))).toBe('true');
  });

  it('says so instead of offering to save when 10 views are kept', () => {
    const views = Array.from({ length: 10 }, (_, i) => ({ name: `Store ${i}`, params: { store_id: String(i) } }));
    window.localStorage.setItem(viewsKey(7), JSON.stringify(views));
    setup('/orders?store_id=99');
    expect(screen.queryByRole('button', { name: 'Save view' })).toBeNull();
    expect(screen.getByText('You can keep at most 10 views. Remove one to save another.')).toBeInTheDocument();
  });
});
