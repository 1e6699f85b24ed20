import { Button, FileInput, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { storeImportForm } from '@wop/shared/imports';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { importChainsQueryOptions, useImportStores } from '../api/imports.ts';
import { ImportFailureBox, importLineErrors, type LineErrors } from './ImportFailureBox.tsx';

const labels = { chain_id: 'imports:fields.chain', data_file: 'imports:fields.dataFile' };

interface Values {
  chain_id: string | null;
  data_file: File | null;
}

/** The import form (spec 3): chain and a CSV or TXT file; a failed file shows every failing line. */
export function StoreImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('imports');
  return (
    <FormDialog opened={opened} onClose={onClose} title={t('stores.dialogTitle')}>
      <StoreImportForm onDone={onClose} />
    </FormDialog>
  );
}

function StoreImportForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('imports');
  const chains = useQuery(importChainsQueryOptions());
  const importStores = useImportStores();
  const [failures, setFailures] = useState<LineErrors | null>(null);
  const form = useForm<Values>({
    initialValues: { chain_id: null, data_file: null },
    validate: schemaResolver(storeImportForm, labels),
  });

  const submit = form.onSubmit(async (values) => {
    setFailures(null);
    try {
      notifySuccess(
        await importStores.mutateAsync({ chainId: Number(values.chain_id), file: values.data_file as File }),
      );
      form.reset();
      onDone();
    } catch (error) {
      // The toast comes from the query client; the failing lines are listed here.
      const lines = importLineErrors(error);
      if (lines) setFailures(lines);
      else setServerErrors(form, error, labels);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Select
          label={t('fields.chain')}
          withAsterisk
          searchable
          data={(chains.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.chain_name }))}
          {...form.getInputProps('chain_id')}
        />
        <FileInput
          label={t('fields.dataFile')}
          description={t('fields.dataFileHint')}
          withAsterisk
          clearable
          accept=".csv,.txt,text/csv,text/plain"
          leftSection={<IconUpload size={16} aria-hidden />}
          {...form.getInputProps('data_file')}
          onChange={(file) => {
            setFailures(null);
            form.setFieldValue('data_file', file);
          }}
        />
        {failures && <ImportFailureBox errors={failures} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={importStores.isPending}>
            {t('stores.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
