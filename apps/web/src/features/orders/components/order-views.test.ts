import { describe, expect, it } from 'vitest';
import {
  addView,
  builtInViews,
  currentParams,
  isActive,
  MAX_VIEWS,
  readViews,
  sameParams,
  viewChanges,
  viewsKey,
  writeViews,
} from './order-views.ts';

const ids = (role: string | null) => builtInViews(role).map((view) => view.id);

describe('order views', () => {
  it('offers "Awaiting approval" only to roles that approve orders', () => {
    expect(ids('chain-admin')).toEqual(['open', 'overdue', 'awaitingApproval']);
    expect(ids('admin')).toEqual(['open', 'overdue', 'awaitingApproval']);
    expect(ids('store-manager')).toEqual(['open', 'overdue']);
    expect(ids('technician')).toEqual(['open', 'overdue']);
    expect(ids(null)).toEqual(['open', 'overdue']);
  });

  it('is active while the list has its filters, with others or not; the search text counts only for a view that has one', () => {
    expect(isActive({ open: 'true' }, { open: 'true' })).toBe(true);
    expect(isActive({ open: 'true' }, { open: 'true', q: 'leak' })).toBe(true);
    expect(isActive({ open: 'true' }, { open: 'true', overdue: 'true' })).toBe(true);
    expect(isActive({ open: 'true' }, { open: 'false' })).toBe(false);
    expect(isActive({ open: 'true' }, {})).toBe(false);
    expect(isActive({ open: 'true', q: 'leak' }, { open: 'true' })).toBe(false);
    expect(isActive({ open: 'true', q: 'leak' }, { open: 'true', q: 'leak' })).toBe(true);
    expect(sameParams({ open: 'true' }, { open: 'true', q: 'leak' })).toBe(false);
    expect(sameParams({ q: 'leak', open: 'true' }, { open: 'true', q: 'leak' })).toBe(true);
  });

  it('reads only the filters and a non-blank search text as the current params', () => {
    expect(currentParams({ open: 'true' }, '  ')).toEqual({ open: 'true' });
    expect(currentParams({ store_id: '4' }, 'leak')).toEqual({ store_id: '4', q: 'leak' });
  });

  it('replaces every filter when applied and clears them when active; the search stays unless the view has one', () => {
    const applied = viewChanges({ approval_status: 'pending' }, false);
    expect(applied).toMatchObject({ approval_status: 'pending', open: undefined, store_id: undefined });
    expect(Object.keys(applied)).not.toContain('q');
    expect(viewChanges({ open: 'true' }, true)).toEqual({ open: null });
    expect(viewChanges({ q: 'leak' }, false).q).toBe('leak');
    expect(viewChanges({ q: 'leak' }, true).q).toBeNull();
  });

  it('replaces a view of the same name and keeps at most 10', () => {
    const views = addView([{ name: 'A', params: { open: 'true' } }], { name: 'A', params: { overdue: 'true' } });
    expect(views).toEqual([{ name: 'A', params: { overdue: 'true' } }]);
    const many = Array.from({ length: MAX_VIEWS + 1 }, (_, i) => ({ name: `V${i}`, params: { store_id: String(i) } }));
    expect(many.reduce(addView, [])).toHaveLength(MAX_VIEWS);
  });

  it('stores views per user and reads them back', () => {
    writeViews(7, [{ name: 'Mine', params: { open: 'true' } }]);
    expect(readViews(7)).toEqual([{ name: 'Mine', params: { open: 'true' } }]);
    expect(readViews(8)).toEqual([]);
    writeViews(7, []);
    expect(window.localStorage.getItem(viewsKey(7))).toBeNull();
  });

  it('ignores corrupt and foreign storage content', () => {
    for (const text of ['{not json', '"text"', '{"name":"x"}', 'null', '42']) {
      window.localStorage.setItem(viewsKey(7), text);
      expect(readViews(7)).toEqual([]);
    }
    window.localStorage.setItem(
      viewsKey(7),
      JSON.stringify([
        { name: 'Good', params: { open: 'true', page: '3', sort_by: 'id' } },
        { name: '', params: { open: 'true' } },
        { name: 'x'.repeat(41), params: { open: 'true' } },
        { name: 'Numbers', params: { store_id: 4 } },
        { name: 'Only foreign', params: { evil: 'yes' } },
        { name: 'Good', params: { overdue: 'true' } },
        'junk',
        null,
      ]),
    );
    expect(readViews(7)).toEqual([{ name: 'Good', params: { open: 'true' } }]);
  });
});
