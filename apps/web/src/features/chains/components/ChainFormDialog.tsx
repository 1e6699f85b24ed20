import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type Chain, chainBody } from '@wop/shared/chains';
import { useTranslation } from 'react-i18next';
import { ContactFields, InvoiceAddressField } from '../../../components/ContactFields.tsx';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FieldGrid, FormLayout } from '../../../components/FormLayout.tsx';
import { chainQueryOptions } from '../../../entities/chains.ts';
import { fieldLabels, saveOnSubmit, schemaResolver, textValues } from '../../../lib/forms.ts';
import { useSaveChain } from '../api/chains.ts';

/** Every field of the body is a field of the form, labelled chains:fields.<field>. */
const labels = fieldLabels('chains', Object.keys(chainBody.shape));

interface Values {
  chain_name: string;
  phone: string;
  email: string;
  invoice_address: string;
  contact_person: string;
  has_region: string;
}

const toValues = (chain?: Chain): Values => ({
  ...textValues(chain, ['chain_name', 'phone', 'email', 'invoice_address', 'contact_person']),
  // Default 1: a new chain has regions (spec 9).
  has_region: String(chain?.has_region ?? 1),
});

/** Create (no id) or update (an id) a chain. */
export function ChainFormDialog({
  opened,
  chainId,
  onClose,
}: {
  opened: boolean;
  chainId?: number | null;
  onClose: () => void;
}) {
  return (
    <RecordFormDialog namespace="chains" opened={opened} id={chainId} onClose={onClose} detail={chainQueryOptions}>
      {(chain) => <ChainForm key={`${chainId ?? 'new'}`} chainId={chainId} chain={chain} onDone={onClose} />}
    </RecordFormDialog>
  );
}

function ChainForm({ chainId, chain, onDone }: { chainId?: number | null; chain?: Chain; onDone: () => void }) {
  const { t } = useTranslation('chains');
  const save = useSaveChain();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(chain),
    validate: schemaResolver(chainBody, labels),
  });
  const submit = saveOnSubmit(
    form,
    labels,
    (values) => save.mutateAsync({ id: chainId, body: { ...values, has_region: Number(values.has_region) } }),
    { onSaved: onDone },
  );

  return (
    <FormLayout onSubmit={submit}>
      <FieldGrid>
        <ContactFields namespace="chains" name="chain_name" inputProps={form.getInputProps} emailRequired />
      </FieldGrid>
      <InvoiceAddressField namespace="chains" inputProps={form.getInputProps} />
      <Select
        label={t('fields.has_region')}
        withAsterisk
        allowDeselect={false}
        data={[
          { value: '1', label: t('yes') },
          { value: '0', label: t('no') },
        ]}
        {...form.getInputProps('has_region')}
      />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
