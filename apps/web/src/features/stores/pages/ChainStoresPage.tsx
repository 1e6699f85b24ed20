import { useParams } from 'react-router';
import { useRouteDialog } from '../../../lib/route-dialog.ts';
import { StoresList } from '../components/StoresList.tsx';

/** /chains/{id}/stores[/create | /{id}/update]: the chain's stores, the chain fixed in the list and form. */
export function ChainStoresPage() {
  const chainId = Number(useParams().chainId);
  const [dialog, setDialog] = useRouteDialog();
  return <StoresList chainId={chainId} dialog={dialog} onDialogChange={setDialog} />;
}
