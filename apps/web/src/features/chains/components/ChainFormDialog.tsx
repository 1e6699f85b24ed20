import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type Chain, chainBody } from '@wop/shared/chains';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { chainQueryOptions, useSaveChain } from '../api/chains.ts';

const labels = fieldLabels('chains', [
  'chain_name',
  'phone',
  'email',
  'invoice_address',
  'contact_person',
  'has_region',
]);

interface Values {
  chain_name: string;
  phone: string;
  email: string;
  invoice_address: string;
  contact_person: string;
  has_region: string;
}

const toValues = (chain?: Chain): Values => ({
  chain_name: chain?.chain_name ?? '',
  phone: chain?.phone ?? '',
  email: chain?.email ?? '',
  invoice_address: chain?.invoice_address ?? '',
  contact_person: chain?.contact_person ?? '',
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
  const { t } = useTranslation('chains');
  const existing = useQuery({ ...chainQueryOptions(chainId ?? 0), enabled: opened && !!chainId });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={chainId ? t('form.updateTitle') : t('form.createTitle')}
      loading={!!chainId && !existing.data}
    >
      <ChainForm key={`${chainId ?? 'new'}`} chainId={chainId} chain={existing.data} onDone={onClose} />
    </FormDialog>
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

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        id: chainId,
        body: { ...values, has_region: Number(values.has_region) },
      });
      notifySuccess(answer);
      form.reset();
      onDone();
    } catch (error) {
      setServerErrors(form, error, labels);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('fields.chain_name')} withAsterisk data-autofocus {...form.getInputProps('chain_name')} />
          <TextInput label={t('fields.contact_person')} withAsterisk {...form.getInputProps('contact_person')} />
          <TextInput label={t('fields.phone')} type="tel" withAsterisk {...form.getInputProps('phone')} />
          <TextInput label={t('fields.email')} type="email" withAsterisk {...form.getInputProps('email')} />
        </SimpleGrid>
        <Textarea
          label={t('fields.invoice_address')}
          withAsterisk
          autosize
          minRows={2}
          {...form.getInputProps('invoice_address')}
        />
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
      </Stack>
    </form>
  );
}
