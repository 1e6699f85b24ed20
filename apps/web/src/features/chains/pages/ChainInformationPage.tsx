import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { chainQueryOptions } from '../../../entities/chains.ts';
import { ChainInformation } from '../components/ChainInformation.tsx';

/** /chains/{id}: the information tab (the chain dashboard above has loaded the chain). */
export function ChainInformationPage() {
  const chain = useQuery(chainQueryOptions(Number(useParams().chainId)));
  return chain.data ? <ChainInformation chain={chain.data} /> : null;
}
