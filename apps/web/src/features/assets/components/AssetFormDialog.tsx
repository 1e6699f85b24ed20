import { Alert, Select, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { ASSET_STATUSES, type Asset, type AssetInput, assetBody } from '@wop/shared/assets';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FieldGrid, FormLayout } from '../../../components/FormLayout.tsx';
import { workTypeOptionsQueryOptions } from '../../../entities/worktypes.ts';
import { isApiError } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { fieldLabels, saveOnSubmit, schemaResolver, textValues } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { fromMinor, toMinor } from '../../../lib/money.ts';
import { assetQueryOptions, scopeStoresQueryOptions, useSaveAsset } from '../api/assets.ts';

const labels = fieldLabels(
  'assets',
  ['name', 'make', 'model', 'serial', 'tag', 'installed_on', 'warranty_until', 'status', 'notes', 'replacement_value'],
  { store_id: 'assets:fields.store', worktype_id: 'assets:fields.worktype' },
);

interface Values {
  store_id: string | null;
  name: string;
  worktype_id: string | null;
  make: string;
  model: string;
  serial: string;
  tag: string;
  installed_on: string;
  warranty_until: string;
  /** Typed in the currency's units; sent in minor units. */
  replacement_value: string;
  status: string | null;
  notes: string;
}

const toValues = (asset: Asset | undefined, storeId?: number | null): Values => ({
  store_id: asset ? String(asset.store_id) : storeId ? String(storeId) : null,
  ...textValues(asset, ['name', 'make', 'model', 'serial', 'tag', 'installed_on', 'warranty_until', 'notes']),
  worktype_id: asset ? String(asset.worktype_id) : null,
  replacement_value: fromMinor(asset?.replacement_value_minor ?? null),
  status: asset?.status ?? 'in_service',
});

const toBody = ({ replacement_value, ...values }: Values): AssetInput => ({
  ...values,
  store_id: values.store_id ?? '',
  worktype_id: values.worktype_id ?? '',
  status: values.status ?? '',
  replacement_value_minor: toMinor(replacement_value),
});

/** Register (no id) or edit an asset. `storeId` preselects the store of a new one. */
export function AssetFormDialog({
  opened,
  assetId,
  storeId,
  onClose,
  onSaved,
}: {
  opened: boolean;
  assetId?: number | null;
  storeId?: number | null;
  onClose: () => void;
  onSaved?: (asset: Asset) => void;
}) {
  return (
    <RecordFormDialog namespace="assets" opened={opened} id={assetId} onClose={onClose} detail={assetQueryOptions}>
      {(asset) => (
        <AssetForm
          key={assetId ?? 'new'}
          asset={asset}
          storeId={storeId}
          onDone={onClose}
          onSaved={(saved) => onSaved?.(saved)}
        />
      )}
    </RecordFormDialog>
  );
}

function AssetForm({
  asset,
  storeId,
  onDone,
  onSaved,
}: {
  asset?: Asset;
  storeId?: number | null;
  onDone: () => void;
  onSaved: (asset: Asset) => void;
}) {
  const { t } = useTranslation('assets');
  const user = useCurrentUser();
  const save = useSaveAsset();
  const options = useQuery(scopeStoresQueryOptions());
  const workTypes = useQuery(workTypeOptionsQueryOptions(i18n.language));
  // The version the form was opened on; after a 412 the newer one, so that saving again overwrites it.
  const [version, setVersion] = useState(asset?.version);
  const [conflict, setConflict] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(asset, storeId),
    validate: schemaResolver(assetBody, labels, toBody, { replacement_value_minor: 'replacement_value' }),
  });

  const stores = options.data?.stores ?? [];
  const storeData = (
    stores.length > 0 ? stores : user.entities_data.map((s) => ({ id: s.id, store_name: s.store_name ?? '' }))
  ).map((s) => ({ value: String(s.id), label: s.store_name }));
  // An asset keeps showing its store even when it is not among those listed.
  if (asset && !storeData.some((s) => s.value === String(asset.store_id))) {
    storeData.push({ value: String(asset.store_id), label: asset.store.store_name });
  }
  const onlyStore = storeData.length === 1 ? storeData[0].value : null;
  useEffect(() => {
    if (!form.values.store_id && onlyStore) form.setFieldValue('store_id', onlyStore);
  }, [onlyStore, form.values.store_id, form.setFieldValue]);

  const submit = saveOnSubmit(
    form,
    labels,
    async (values) => {
      try {
        const answer = await save.mutateAsync({ id: asset?.id, version, body: toBody(values) });
        onSaved(answer.payload);
        return answer;
      } catch (error) {
        if (isApiError(error) && error.status === 412) {
          setVersion((error.body as { payload?: Asset } | null)?.payload?.version);
          setConflict(true);
        }
        throw error;
      }
    },
    { onSaved: onDone, aliases: { replacement_value_minor: ['replacement_value'] } },
  );

  return (
    <FormLayout onSubmit={submit}>
      {conflict && (
        <Alert color="orange" variant="light" title={t('form.conflictTitle')}>
          {t('form.conflictHint')}
        </Alert>
      )}
      <FieldGrid>
        <Select
          label={t('fields.store')}
          withAsterisk
          searchable
          data={storeData}
          {...form.getInputProps('store_id')}
        />
        <TextInput label={t('fields.name')} withAsterisk maxLength={120} {...form.getInputProps('name')} />
        <Select
          label={t('fields.worktype')}
          description={t('fields.worktypeHint')}
          withAsterisk
          searchable
          data={(workTypes.data ?? []).map((w) => ({ value: String(w.id), label: w.title }))}
          {...form.getInputProps('worktype_id')}
        />
        <Select
          label={t('fields.status')}
          withAsterisk
          allowDeselect={false}
          data={ASSET_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          {...form.getInputProps('status')}
        />
        <TextInput label={t('fields.make')} maxLength={120} {...form.getInputProps('make')} />
        <TextInput label={t('fields.model')} maxLength={120} {...form.getInputProps('model')} />
        <TextInput label={t('fields.serial')} maxLength={120} {...form.getInputProps('serial')} />
        <TextInput
          label={t('fields.tag')}
          description={asset ? t('fields.tagKeepHint') : t('fields.tagHint')}
          maxLength={40}
          autoCapitalize="characters"
          {...form.getInputProps('tag')}
        />
        <DateField label={t('fields.installed_on')} {...form.getInputProps('installed_on')} />
        <DateField label={t('fields.warranty_until')} {...form.getInputProps('warranty_until')} />
        <TextInput
          label={t('fields.replacement_value')}
          description={t('fields.replacementValueHint')}
          inputMode="decimal"
          {...form.getInputProps('replacement_value')}
        />
      </FieldGrid>
      <Textarea label={t('fields.notes')} autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
