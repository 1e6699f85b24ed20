import { Loader, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { STORE_FORM_REGION_LIMIT } from '@wop/shared/stores';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { regionOptionsQueryOptions } from '../../../entities/regions.ts';

export interface RegionChoice {
  value: string;
  label: string;
}

/**
 * The store form's region dropdown. It loads the chain's first 20 regions by name (spec 7) and
 * asks the server (`q`) for what is typed, so that any region of the chain can be picked, not
 * only the first 20. The chosen region stays in the list whatever the search shows.
 */
export function StoreRegionSelect({
  chainId,
  value,
  initial,
  error,
  onChange,
}: {
  chainId: number;
  value: string | null;
  /** The region the store already has (it may be beyond the first 20). */
  initial?: RegionChoice | null;
  error?: string;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation('stores');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<RegionChoice | null>(initial ?? null);
  const selected = value !== null && chosen?.value === value ? chosen : null;
  // Once a region is picked the box shows its name: that is no search.
  const typed = selected && search === selected.label ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 300);
  const regions = useQuery({
    ...regionOptionsQueryOptions(chainId, STORE_FORM_REGION_LIMIT, q),
    placeholderData: keepPreviousData,
  });

  const options: RegionChoice[] = (regions.data?.data ?? []).map((r) => ({
    value: String(r.id),
    label: r.region_name,
  }));
  if (selected && !options.some((o) => o.value === selected.value)) options.push(selected);
  const waiting = regions.isFetching || q !== typed;
  const more = !typed && regions.data && regions.data.total > regions.data.data.length;

  return (
    <Select
      label={t('fields.region')}
      searchable
      clearable
      data={options}
      value={value}
      error={error}
      searchValue={search}
      onSearchChange={setSearch}
      onChange={(next, option) => {
        setChosen(next && option ? { value: next, label: option.label } : null);
        onChange(next);
      }}
      description={more ? t('form.regionSearchHint', { count: regions.data?.total }) : undefined}
      nothingFoundMessage={waiting ? t('form.regionSearching') : t('noRegions')}
      rightSection={waiting && typed ? <Loader size="xs" aria-hidden /> : undefined}
    />
  );
}
