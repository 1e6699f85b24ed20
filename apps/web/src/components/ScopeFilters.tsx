import type { OrderOptions } from '@wop/shared/orders';
import { useTranslation } from 'react-i18next';
import { chainOptions } from './ChainSelect.tsx';
import { FilterSelect } from './DataTable/FilterSelect.tsx';
import { useListFilter } from './DataTable/list-params.ts';

type Scope = Pick<OrderOptions, 'chains' | 'regions' | 'stores'>;

/**
 * A list's chain, region and store filters (`?chain_id=&region_id=&store_id=`) over the caller's
 * scope: the chain only when there are several, the stores (and regions) of the chosen chain;
 * choosing a chain clears the region and store, a region the store. Regions only with `withRegions`.
 */
export function ScopeFilters({ scope, withRegions = false }: { scope: Scope | undefined; withRegions?: boolean }) {
  const { t } = useTranslation();
  const [chainFilter, setChainFilter] = useListFilter('chain_id', ['region_id', 'store_id']);
  const [regionFilter, setRegionFilter] = useListFilter('region_id', ['store_id']);
  const [storeFilter, setStoreFilter] = useListFilter('store_id');
  const region = withRegions ? regionFilter : '';
  const inChain = (row: { chain_id: number }) => !chainFilter || String(row.chain_id) === chainFilter;
  const chains = scope?.chains ?? [];
  const regions = withRegions ? (scope?.regions ?? []).filter(inChain) : [];
  const stores = (scope?.stores ?? []).filter((s) => inChain(s) && (!region || String(s.region_id) === region));
  return (
    <>
      {chains.length > 1 && (
        <FilterSelect
          label={t('scope.chain')}
          placeholder={t('scope.allChains')}
          data={chainOptions(chains)}
          value={chainFilter}
          onChange={setChainFilter}
        />
      )}
      {regions.length > 0 && (
        <FilterSelect
          label={t('scope.region')}
          placeholder={t('scope.allRegions')}
          data={regions.map((r) => ({ value: String(r.id), label: r.region_name }))}
          value={region}
          onChange={setRegionFilter}
        />
      )}
      {stores.length > 1 && (
        <FilterSelect
          label={t('scope.store')}
          placeholder={t('scope.allStores')}
          data={stores.map((s) => ({ value: String(s.id), label: s.store_name }))}
          value={storeFilter}
          onChange={setStoreFilter}
        />
      )}
    </>
  );
}
