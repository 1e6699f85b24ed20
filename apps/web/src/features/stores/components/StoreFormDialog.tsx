import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type Store, storeBody } from '@wop/shared/stores';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainSelect } from '../../../components/ChainSelect.tsx';
import { ContactFields, InvoiceAddressField } from '../../../components/ContactFields.tsx';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FieldGrid, FormLayout } from '../../../components/FormLayout.tsx';
import { MapLink } from '../../../components/MapLink.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { useRole } from '../../../lib/current-user.ts';
import { fieldLabels, saveOnSubmit, schemaResolver, textValues } from '../../../lib/forms.ts';
import { storeQueryOptions, useSaveStore } from '../api/stores.ts';
import { StoreRegionSelect } from './StoreRegionSelect.tsx';

const labels = fieldLabels(
  'stores',
  ['store_name', 'phone', 'email', 'invoice_address', 'contact_person', 'city', 'lat', 'lng'],
  {
    chain_id: 'stores:fields.chain',
    region_id: 'stores:fields.region',
  },
);

interface Values {
  store_name: string;
  phone: string;
  email: string;
  invoice_address: string;
  contact_person: string;
  city: string;
  lat: string;
  lng: string;
  chain_id: string | null;
  region_id: string | null;
}

const toValues = (store: Store | undefined, chainId?: number | null): Values => ({
  ...textValues(store, ['store_name', 'phone', 'email', 'invoice_address', 'contact_person', 'city']),
  lat: store?.lat?.toString() ?? '',
  lng: store?.lng?.toString() ?? '',
  chain_id: store ? String(store.chain_id) : chainId ? String(chainId) : null,
  region_id: store?.region_id ? String(store.region_id) : null,
});

/**
 * Create or update a store. In chain mode (`lockedChainId`) the chain is fixed; a chain-admin
 * cannot move a store to another chain (spec 6), so its chain is locked on update too.
 */
export function StoreFormDialog({
  opened,
  storeId,
  lockedChainId,
  onClose,
}: {
  opened: boolean;
  storeId?: number | null;
  lockedChainId?: number | null;
  onClose: () => void;
}) {
  return (
    <RecordFormDialog namespace="stores" opened={opened} id={storeId} onClose={onClose} detail={storeQueryOptions}>
      {(store) => (
        <StoreForm
          key={`${storeId ?? 'new'}`}
          storeId={storeId}
          store={store}
          lockedChainId={lockedChainId}
          onDone={onClose}
        />
      )}
    </RecordFormDialog>
  );
}

function StoreForm({
  storeId,
  store,
  lockedChainId,
  onDone,
}: {
  storeId?: number | null;
  store?: Store;
  lockedChainId?: number | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('stores');
  const role = useRole();
  const save = useSaveStore();
  const chains = useQuery(chainOptionsQueryOptions());
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(store, lockedChainId),
    validate: schemaResolver(storeBody, labels),
  });
  const chainLocked = !!lockedChainId || (!!storeId && role === 'chain-admin');
  // A single chain is preselected (spec 4: a chain-admin with one chain).
  const onlyChain = chains.data?.data.length === 1 ? String(chains.data.data[0].id) : null;
  useEffect(() => {
    if (!form.values.chain_id && onlyChain) form.setFieldValue('chain_id', onlyChain);
  }, [onlyChain, form.values.chain_id, form.setFieldValue]);
  const chainId = form.values.chain_id ? Number(form.values.chain_id) : null;
  const chain =
    chains.data?.data.find((c) => c.id === chainId) ?? (store && store.chain_id === chainId ? store.chain : undefined);
  const hasRegions = chain?.has_region === 1;

  // A store keeps showing its chain even when the chain is not among those listed.
  const chainList = chains.data?.data ?? [];
  const choosable = store && !chainList.some((c) => c.id === store.chain_id) ? [...chainList, store.chain] : chainList;

  const submit = saveOnSubmit(
    form,
    labels,
    (values) =>
      save.mutateAsync({
        id: storeId,
        body: {
          ...values,
          chain_id: values.chain_id ? Number(values.chain_id) : null,
          region_id: hasRegions && values.region_id ? Number(values.region_id) : null,
        },
      }),
    { onSaved: onDone },
  );

  return (
    <FormLayout onSubmit={submit}>
      <FieldGrid>
        <ChainSelect
          label={t('fields.chain')}
          disabled={chainLocked}
          chains={choosable}
          {...form.getInputProps('chain_id')}
          onChange={(value) => {
            // Changing the chain clears the region (spec 4).
            form.setFieldValue('chain_id', value);
            form.setFieldValue('region_id', null);
          }}
        />
        {hasRegions && chainId !== null && (
          <StoreRegionSelect
            key={chainId}
            chainId={chainId}
            value={form.values.region_id}
            initial={
              store?.region && store.chain_id === chainId
                ? { value: String(store.region.id), label: store.region.region_name }
                : null
            }
            error={form.errors.region_id as string | undefined}
            onChange={(value) => form.setFieldValue('region_id', value)}
          />
        )}
        <ContactFields namespace="stores" name="store_name" inputProps={form.getInputProps} phoneHint numericPhone />
        <TextInput label={t('fields.city')} description={t('fields.cityHint')} {...form.getInputProps('city')} />
        <TextInput
          label={t('fields.lat')}
          description={t('fields.positionHint')}
          inputMode="decimal"
          {...form.getInputProps('lat')}
        />
        <TextInput
          label={t('fields.lng')}
          description={
            <MapLink lat={form.values.lat} lng={form.values.lng}>
              {t('fields.checkOnMap')}
            </MapLink>
          }
          inputMode="decimal"
          {...form.getInputProps('lng')}
        />
      </FieldGrid>
      <InvoiceAddressField namespace="stores" inputProps={form.getInputProps} />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
