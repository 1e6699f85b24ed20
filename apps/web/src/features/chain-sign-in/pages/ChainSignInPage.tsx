import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { chainQueryOptions } from '../../../entities/chains.ts';
import { SignInSettings } from '../components/SignInSettings.tsx';

/** /chains/{id}/sign-in: the chain's own sign-in, a tab of the chain's page (the dashboard has loaded the chain). */
export function ChainSignInPage() {
  const chain = useQuery(chainQueryOptions(Number(useParams().chainId)));
  // Keyed by the saved settings: a save elsewhere (another tab) shows its values.
  return chain.data ? <SignInSettings key={JSON.stringify(chain.data.oidc)} chain={chain.data} /> : null;
}
