import { SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type Region, regionBody } from '@wop/shared/regions';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { regionQueryOptions, useSaveRegion } from '../api/regions.ts';

const labels = fieldLabels('regions', ['region_name', 'phone', 'email', 'contact_person']);

interface Values {
  region_name: string;
  phone: string;
  email: string;
  contact_person: string;
}

const toValues = (region?: Region): Values => ({
  region_name: region?.region_name ?? '',
  phone: region?.phone ?? '',
  email: region?.email ?? '',
  contact_person: region?.contact_person ?? '',
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
  const { t } = useTranslation('regions');
  const existing = useQuery({ ...regionQueryOptions(chainId, regionId ?? 0), enabled: opened && !!regionId });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={regionId ? t('form.updateTitle') : t('form.createTitle')}
      loading={!!regionId && !existing.data}
    >
      <RegionForm
        key={`${chainId}-${regionId ?? 'new'}`}
        chainId={chainId}
        chainName={chainName ?? existing.data?.chain.chain_name}
        regionId={regionId}
        region={existing.data}
        onDone={onClose}
      />
    </FormDialog>
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

  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await save.mutateAsync({ id: regionId, body: values }));
      form.reset();
      onDone();
    } catch (error) {
      setServerErrors(form, error, labels);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {chainName && <TextInput label={t('fields.chain')} value={chainName} readOnly variant="filled" />}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('fields.region_name')}
            withAsterisk
            data-autofocus
            {...form.getInputProps('region_name')}
          />
          <TextInput label={t('fields.contact_person')} withAsterisk {...form.getInputProps('contact_person')} />
          <TextInput
            label={t('fields.phone')}
            description={t('form.phoneHint')}
            type="tel"
            withAsterisk
            {...form.getInputProps('phone')}
          />
          <TextInput label={t('fields.email')} type="email" {...form.getInputProps('email')} />
        </SimpleGrid>
        <FormActions onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
