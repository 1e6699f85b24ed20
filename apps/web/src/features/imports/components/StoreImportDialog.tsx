import { Button, Group } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { storeImportForm } from '@wop/shared/imports';
import { useTranslation } from 'react-i18next';
import { ChainSelect } from '../../../components/ChainSelect.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { useImportStores } from '../api/imports.ts';
import { DataFileInput, useImportFailures } from './DataFileInput.tsx';
import { ImportFailureBox } from './ImportFailureBox.tsx';

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
  const chains = useQuery(chainOptionsQueryOptions());
  const importStores = useImportStores();
  const form = useForm<Values>({
    initialValues: { chain_id: null, data_file: null },
    validate: schemaResolver(storeImportForm, labels),
  });
  const { failures, clear, report, pickFile } = useImportFailures(form, labels);

  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      notifySuccess(
        await importStores.mutateAsync({ chainId: Number(values.chain_id), file: values.data_file as File }),
      );
      form.reset();
      onDone();
    } catch (error) {
      // The toast comes from the query client; the failing lines are listed here.
      report(error);
    }
  });

  return (
    <FormLayout onSubmit={submit}>
      <ChainSelect label={t('fields.chain')} chains={chains.data?.data} {...form.getInputProps('chain_id')} />
      <DataFileInput {...form.getInputProps('data_file')} onChange={pickFile} />
      {failures && <ImportFailureBox errors={failures} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={importStores.isPending}>
          {t('stores.submit')}
        </Button>
      </Group>
    </FormLayout>
  );
}
