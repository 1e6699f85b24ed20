import { useLocation, useNavigate, useParams } from 'react-router';

export type RouteDialog = null | { mode: 'create' } | { mode: 'update'; id: number };

/**
 * A list's create and update dialog, kept in the URL (spec 2's nested paths): `{list}` is the
 * list, `{list}/create` the create dialog, `{list}/{id}/update` the update dialog. Reloading the
 * page or sharing the link opens the same dialog; closing it goes back to `{list}`.
 */
export function useRouteDialog(): [RouteDialog, (dialog: RouteDialog) => void] {
  const { pathname } = useLocation();
  const { id } = useParams();
  const navigate = useNavigate();
  const list = pathname.replace(/\/(create|\d+\/update)\/?$/, '');
  const dialog: RouteDialog = id ? { mode: 'update', id: Number(id) } : list !== pathname ? { mode: 'create' } : null;
  const open = (next: RouteDialog) =>
    navigate(next === null ? list : next.mode === 'create' ? `${list}/create` : `${list}/${next.id}/update`);
  return [dialog, open];
}
