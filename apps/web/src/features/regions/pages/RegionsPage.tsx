import { Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { RegionsList } from '../components/RegionsList.tsx';

/** /regions (chain-admin): the regions of the chain of the user's entity; a chooser when bound to several. */
export function RegionsPage() {
  const { t } = useTranslation('regions');
  usePageHeader(t('title'), null);
  const user = useCurrentUser();
  const chains = useQuery(chainOptionsQueryOptions());
  const [params, setParams] = useSearchParams();
  const withRegions = (chains.data?.data ?? []).filter((chain) => chain.has_region === 1);
  const fallback = withRegions.find((chain) => user.entities_ids.includes(chain.id)) ?? withRegions[0];
  const selected = Number(params.get('chain')) || fallback?.id;
  const chain = withRegions.find((c) => c.id === selected);

  if (chains.isPending) return null;
  return (
    <Stack>
      {withRegions.length > 1 && (
        <Select
          label={t('fields.chain')}
          w={300}
          allowDeselect={false}
          data={withRegions.map((c) => ({ value: String(c.id), label: c.chain_name }))}
          value={chain ? String(chain.id) : null}
          onChange={(value) => value && setParams({ chain: value })}
        />
      )}
      {chain ? (
        <RegionsList key={chain.id} chainId={chain.id} chainName={chain.chain_name} />
      ) : (
        <Text c="dimmed">{t('noRegionChain')}</Text>
      )}
    </Stack>
  );
}
