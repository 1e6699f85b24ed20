import { ORDER_FILTERS } from '@wop/shared/constants';
import { can, type Permission } from '@wop/shared/roles';
import type { ParamChanges } from '../../../components/DataTable/list-params.ts';

/**
 * Quick filters of the order list (issue 14): views that set the list's filters in one tap. The
 * built-in ones follow the role; a user's own views live in this browser under the user's id.
 */

/** What a view sets, by URL name: filters and, for a saved view, the search text `q`. */
export type ViewParams = Record<string, string>;
export interface SavedView {
  name: string;
  params: ViewParams;
}

export const MAX_VIEWS = 10;
const VIEW_PARAMS: readonly string[] = [...ORDER_FILTERS, 'q'];

export const BUILT_IN_VIEWS: readonly { id: string; params: ViewParams; permission?: Permission }[] = [
  { id: 'open', params: { open: 'true' } },
  // The API's overdue orders are past their due time and not completed: open ones already.
  { id: 'overdue', params: { overdue: 'true' } },
  { id: 'awaitingApproval', params: { approval_status: 'pending' }, permission: 'order:set-approval' },
];

export const builtInViews = (role: string | null) =>
  BUILT_IN_VIEWS.filter((view) => !view.permission || can(role, view.permission));

/** A view's name: required, at most this many characters, trimmed. */
export const VIEW_NAME_MAX = 40;

/** A view as kept in storage (checked by hand: zod would load with every order list). */
function isStoredView(item: unknown): item is SavedView {
  if (!item || typeof item !== 'object') return false;
  const { name, params } = item as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    name.trim().length > 0 &&
    name.trim().length <= VIEW_NAME_MAX &&
    !!params &&
    typeof params === 'object' &&
    !Array.isArray(params) &&
    Object.values(params).every((value) => typeof value === 'string')
  );
}

/** The view params of the list as it is now: the filters and search text that are set. */
export function currentParams(filters: Record<string, string>, q: string): ViewParams {
  return onlyViewParams({ ...filters, q: q.trim() === '' ? '' : q });
}

function onlyViewParams(params: ViewParams): ViewParams {
  return Object.fromEntries(VIEW_PARAMS.filter((name) => params[name]).map((name) => [name, params[name]]));
}

/** A view is on while the list has every filter it sets (other filters may be on too). */
export function isActive(view: ViewParams, current: ViewParams): boolean {
  return Object.entries(view).every(([name, value]) => current[name] === value);
}

/** The same filters and search text: nothing new to save. */
export function sameParams(a: ViewParams, b: ViewParams): boolean {
  return VIEW_PARAMS.every((name) => (a[name] ?? '') === (b[name] ?? ''));
}

/**
 * A click on a view: an active one clears what it sets (the list's other filters stay); another
 * replaces every filter (and the search text if it has one).
 */
export function viewChanges(view: ViewParams, active: boolean): ParamChanges {
  if (active) return Object.fromEntries(Object.keys(view).map((name) => [name, null]));
  const changes: ParamChanges = Object.fromEntries(ORDER_FILTERS.map((name) => [name, view[name]]));
  if (view.q) changes.q = view.q;
  return changes;
}

/** Adds a view, or gives a view of the same name the new params; the list never grows past MAX_VIEWS. */
export function addView(views: SavedView[], view: SavedView): SavedView[] {
  if (views.some((v) => v.name === view.name)) return views.map((v) => (v.name === view.name ? view : v));
  return [...views, view].slice(0, MAX_VIEWS);
}

export const viewsKey = (userId: number) => `wop.orderViews.${userId}`;

/** The user's saved views; anything in storage that is not a view (corrupt, foreign, too many) is left out. */
export function readViews(userId: number): SavedView[] {
  let data: unknown;
  try {
    data = JSON.parse(window.localStorage.getItem(viewsKey(userId)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const views: SavedView[] = [];
  for (const item of data) {
    if (!isStoredView(item)) continue;
    const view = { name: item.name.trim(), params: onlyViewParams(item.params) };
    if (Object.keys(view.params).length > 0 && !views.some((v) => v.name === view.name)) views.push(view);
  }
  return views.slice(0, MAX_VIEWS);
}

export function writeViews(userId: number, views: SavedView[]): void {
  try {
    if (views.length === 0) window.localStorage.removeItem(viewsKey(userId));
    else window.localStorage.setItem(viewsKey(userId), JSON.stringify(views));
  } catch {
    // Storage unavailable (private mode, full quota): the views last for this page view.
  }
}
