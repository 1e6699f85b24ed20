import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { chainQueryOptions } from '../../../entities/chains.ts';
import { useRouteDialog } from '../../../lib/route-dialog.ts';
import { RegionsList } from '../components/RegionsList.tsx';

/** /chains/{id}/regions[/create | /{id}/update]: the regions of a chain that has regions. */
export function ChainRegionsPage() {
  const chainId = Number(useParams().chainId);
  const [dialog, setDialog] = useRouteDialog();
  // The chain dashboard above has loaded the chain (and shows not-found when it has no regions).
  const chain = useQuery(chainQueryOptions(chainId));
  if (!chain.data) return null;
  return <RegionsList chainId={chainId} chainName={chain.data.chain_name} dialog={dialog} onDialogChange={setDialog} />;
}
