import { useParams } from 'react-router';
import { Webhooks } from '../components/Webhooks.tsx';

/** /chains/{id}/webhooks: the chain's webhooks, a tab of the chain's page. */
export function ChainWebhooksPage() {
  return <Webhooks chainId={Number(useParams().chainId)} />;
}
