import { Checkbox, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { APPROVAL_STATUSES } from '@wop/shared/constants';
import { formatDateRange, localDate, parseDateRange, wholeDays } from '@wop/shared/date-range';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/DataTable/FilterSelect.tsx';
import { useListFilter } from '../../../components/DataTable/list-params.ts';
import { useStandIn } from '../../../components/stand-in.ts';
import { statusOptionsQueryOptions } from '../../../entities/orderstatus.ts';
import { workTypeOptionsQueryOptions } from '../../../entities/worktypes.ts';
import { useRole } from '../../../lib/current-user.ts';
import { orderOptionsQueryOptions } from '../api/orders.ts';

// The calendar (@mantine/dates) loads when the field is first used, or to show a range the address
// holds: until then a read-only field of the same size stands in and hands over the focus or the click.
const DateRangeFilter = lazy(() => import('./DateRangeFilter.tsx').then((m) => ({ default: m.DateRangeFilter })));

/** Picked days (`YYYY-MM-DD`) <-> the API's date range, whole days inclusive. */
export function toDateRange(from: string | null, to: string | null): string | null {
  const range = from && to ? wholeDays(from, to) : null;
  return range && formatDateRange(range);
}
export function fromDateRange(value: string): [string | null, string | null] {
  const range = parseDateRange(value);
  return range ? [localDate(range.from), localDate(range.to)] : [null, null];
}

/** The technician filter's choice of "nobody yet" (the list's `unassigned=true`). */
const UNASSIGNED = 'none';

/**
 * The order list filters (spec 3): chain -> region -> store -> asset cascade (changing one clears
 * those below), the technician or none (for those who assign them), work type, status, approval
 * status, a creation date range and "overdue only".
 * With a fixed chain (chain dashboard) the chain filter is not shown.
 */
export function OrderFilters({ fixedChainId }: { fixedChainId?: number }) {
  const { t, i18n } = useTranslation('orders');
  const role = useRole();
  const [chainId, setChainId] = useListFilter('chain_id', ['region_id', 'store_id', 'asset_id']);
  const [regionId, setRegionId] = useListFilter('region_id', ['store_id', 'asset_id']);
  const [storeId, setStoreId] = useListFilter('store_id', ['asset_id']);
  const [assetId, setAssetId] = useListFilter('asset_id');
  const [worktypeId, setWorktypeId] = useListFilter('worktype_id');
  const [status, setStatus] = useListFilter('status');
  const [approval, setApproval] = useListFilter('approval_status');
  const [dateRange, setDateRange] = useListFilter('date_range');
  const [overdue, setOverdue] = useListFilter('overdue');
  const [open, setOpen] = useListFilter('open');
  const [recalled, setRecalled] = useListFilter('recalled');
  const [repeat, setRepeat] = useListFilter('repeat');
  // One field for the technician: someone in particular, or nobody yet ("unassigned").
  const [technicianId, setTechnicianId] = useListFilter('technician_id', ['unassigned']);
  const [unassigned, setUnassigned] = useListFilter('unassigned', ['technician_id']);
  const chain = fixedChainId ? String(fixedChainId) : chainId;

  const options = useQuery(
    orderOptionsQueryOptions({ chain_id: chain || undefined, region_id: regionId || undefined }),
  );
  const workTypes = useQuery(workTypeOptionsQueryOptions(i18n.language));
  const statuses = useQuery(statusOptionsQueryOptions(i18n.language));
  const data = options.data;
  const showChain =
    !fixedChainId && role !== 'store-manager' && role !== 'technician' && (data?.chains.length ?? 0) > 1;
  const showRegion = role !== 'store-manager' && role !== 'technician' && (data?.regions.length ?? 0) > 0;
  const showStore = role !== 'technician' && (data?.stores.length ?? 0) > 1;
  // The assets of the chosen store, or of the only one (a store manager's).
  const assetStore = storeId || (data?.stores.length === 1 ? String(data.stores[0].id) : '');
  const assets = useQuery({ ...orderOptionsQueryOptions({ store_id: assetStore }), enabled: Boolean(assetStore) });
  const assetChoices = (assets.data?.assets ?? []).map((a) => ({ value: String(a.id), label: `${a.name} · ${a.tag}` }));
  const [from, to] = fromDateRange(dateRange);
  const [reached, standInHandlers] = useStandIn();
  const dateStandIn = { readOnly: true, w: 240, label: t('fields.date_range'), placeholder: t('filters.anyDate') };

  return (
    <>
      {showChain && (
        <FilterSelect
          w={190}
          label={t('fields.chain')}
          value={chainId}
          onChange={setChainId}
          data={(data?.chains ?? []).map((c) => ({ value: String(c.id), label: c.chain_name }))}
        />
      )}
      {showRegion && (
        <FilterSelect
          w={190}
          label={t('fields.region')}
          value={regionId}
          onChange={setRegionId}
          data={(data?.regions ?? []).map((r) => ({ value: String(r.id), label: r.region_name }))}
        />
      )}
      {showStore && (
        <FilterSelect
          w={190}
          label={t('fields.store')}
          value={storeId}
          onChange={setStoreId}
          data={(data?.stores ?? []).map((s) => ({ value: String(s.id), label: s.store_name }))}
        />
      )}
      {(assetChoices.length > 0 || assetId) && (
        <FilterSelect w={190} label={t('fields.asset')} value={assetId} onChange={setAssetId} data={assetChoices} />
      )}
      {(data?.technicians.length ?? 0) > 0 && (
        <FilterSelect
          w={190}
          label={t('fields.technician')}
          value={unassigned === 'true' ? UNASSIGNED : technicianId}
          onChange={(value) =>
            value === UNASSIGNED ? setUnassigned('true') : value ? setTechnicianId(value) : setTechnicianId(null)
          }
          data={[
            { value: UNASSIGNED, label: t('filters.unassigned') },
            ...(data?.technicians ?? []).map((u) => ({ value: String(u.id), label: u.name })),
          ]}
        />
      )}
      <FilterSelect
        w={190}
        label={t('fields.worktype')}
        value={worktypeId}
        onChange={setWorktypeId}
        data={(workTypes.data ?? []).map((w) => ({ value: String(w.id), label: w.title }))}
      />
      <FilterSelect
        searchable={false}
        w={170}
        label={t('fields.status')}
        value={status}
        onChange={setStatus}
        data={(statuses.data ?? []).map((s) => ({ value: s.slug, label: s.label }))}
      />
      <FilterSelect
        searchable={false}
        w={170}
        label={t('fields.approval_status')}
        value={approval}
        onChange={setApproval}
        data={APPROVAL_STATUSES.map((a) => ({ value: a, label: t(`common:approval.${a}`) }))}
      />
      {reached || dateRange ? (
        <Suspense fallback={<TextInput {...dateStandIn} />}>
          <DateRangeFilter
            label={t('fields.date_range')}
            placeholder={t('filters.anyDate')}
            value={[from, to]}
            onChange={(start, end) => {
              if (!start && !end) setDateRange(null);
              else if (start && end) setDateRange(toDateRange(start, end));
            }}
            takeOver={reached ?? undefined}
          />
        </Suspense>
      ) : (
        <TextInput {...dateStandIn} {...standInHandlers} />
      )}
      <Checkbox
        label={t('filters.overdue')}
        checked={overdue === 'true'}
        onChange={(event) => setOverdue(event.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
      <Checkbox
        label={t('filters.open')}
        checked={open === 'true'}
        onChange={(event) => setOpen(event.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
      <Checkbox
        label={t('filters.recalled')}
        checked={recalled === 'true'}
        onChange={(event) => setRecalled(event.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
      <Checkbox
        label={t('filters.repeat')}
        checked={repeat === 'true'}
        onChange={(event) => setRepeat(event.currentTarget.checked ? 'true' : null)}
        mb={8}
      />
    </>
  );
}
