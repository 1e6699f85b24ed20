import { useParams } from 'react-router';
import { OrdersList } from '../components/OrdersList.tsx';

/** /chains/{id}/orders: the chain's orders (the list in chain mode: the chain filter is fixed). */
export function ChainOrdersPage() {
  return <OrdersList chainId={Number(useParams().chainId)} />;
}
