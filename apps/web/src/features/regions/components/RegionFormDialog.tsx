import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Region, regionBody } from '@wop/shared/regions';
import { useTranslation } from 'react-i18next';
import { ContactFields } from '../../../components/ContactFields.tsx';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FieldGrid, FormLayout } from '../../../components/FormLayout.tsx';
import { fieldLabels, saveOnSubmit, schemaResolver, textValues } from '../../../lib/forms.ts';
import { regionQueryOptions, useSaveRegion } from '../api/regions.ts';

const labels = fieldLabels('regions', ['region_name', 'phone', 'email', 'contact_person']);

interface Values {
  region_name: string;
  phone: string;
  email: string;
  contact_person: string;
}

const toValues = (region?: Region): Values => ({
  ...textValues(region, ['region_name', 'phone', 'email', 'contact_person']),
});

/** Create or update a region of a chain (the chain is fixed by the list it opens from). */
export function RegionFormDialog({
  opened,
  chainId,
  chainName,
  regionId,
  onClose,
}: {
  opened: boolean;
  chainId: number;
  chainName?: string;
  regionId?: number | null;
  onClose: () => void;
}) {
  return (
    <RecordFormDialog
      namespace="regions"
      opened={opened}
      id={regionId}
      onClose={onClose}
      detail={(id) => regionQueryOptions(chainId, id)}
    >
      {(region) => (
        <RegionForm
          key={`${chainId}-${regionId ?? 'new'}`}
          chainId={chainId}
          chainName={chainName ?? region?.chain.chain_name}
          regionId={regionId}
          region={region}
          onDone={onClose}
        />
      )}
    </RecordFormDialog>
  );
}

function RegionForm({
  chainId,
  chainName,
  regionId,
  region,
  onDone,
}: {
  chainId: number;
  chainName?: string;
  regionId?: number | null;
  region?: Region;
  onDone: () => void;
}) {
  const { t } = useTranslation('regions');
  const save = useSaveRegion(chainId);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(region),
    validate: schemaResolver(regionBody, labels),
  });

  const submit = saveOnSubmit(form, labels, (values) => save.mutateAsync({ id: regionId, body: values }), {
    onSaved: onDone,
  });

  return (
    <FormLayout onSubmit={submit}>
      {chainName && <TextInput label={t('fields.chain')} value={chainName} readOnly variant="filled" />}
      <FieldGrid>
        <ContactFields namespace="regions" name="region_name" inputProps={form.getInputProps} phoneHint />
      </FieldGrid>
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
