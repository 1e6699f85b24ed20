import { useParams } from 'react-router';
import { ApiKeys } from '../components/ApiKeys.tsx';

/** /chains/{id}/api-keys: the chain's keys, a tab of the chain's page (its chain-admins and the admins). */
export function ChainApiKeysPage() {
  return <ApiKeys chainId={Number(useParams().chainId)} />;
}
