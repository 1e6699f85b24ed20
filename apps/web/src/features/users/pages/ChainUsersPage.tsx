import { useParams } from 'react-router';
import { useRouteDialog } from '../../../lib/route-dialog.ts';
import { UsersList } from '../components/UsersList.tsx';

/** /chains/{id}/users[/create | /{id}/update]: the chain's users, the chain fixed in the list and form. */
export function ChainUsersPage() {
  const chainId = Number(useParams().chainId);
  const [dialog, setDialog] = useRouteDialog();
  return <UsersList chainId={chainId} dialog={dialog} onDialogChange={setDialog} />;
}
