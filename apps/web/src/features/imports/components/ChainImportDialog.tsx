import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { storeImportForm } from '@wop/shared/imports';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainSelect } from '../../../components/ChainSelect.tsx';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import type { useImportStores } from '../api/imports.ts';
import { DataFileInput, useImportFailures } from './DataFileInput.tsx';
import { ImportFailureBox } from './ImportFailureBox.tsx';

const labels = { chain_id: 'imports:fields.chain', data_file: 'imports:fields.dataFile' };

interface Values {
  chain_id: string | null;
  data_file: File | null;
}

/** An import into one chain (stores, assets): chain and a CSV or TXT file; a failed file shows every failing line. */
export function ChainImportDialog({
  opened,
  onClose,
  title,
  submit,
  importer,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  submit: string;
  importer: ReturnType<typeof useImportStores>;
  /** What the file must hold, above the form. */
  children?: ReactNode;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={title}>
      {children}
      <ChainImportForm onDone={onClose} submit={submit} importer={importer} />
    </FormDialog>
  );
}

function ChainImportForm({
  onDone,
  submit: submitLabel,
  importer,
}: {
  onDone: () => void;
  submit: string;
  importer: ReturnType<typeof useImportStores>;
}) {
  const { t } = useTranslation('imports');
  const chains = useQuery(chainOptionsQueryOptions());
  const form = useForm<Values>({
    initialValues: { chain_id: null, data_file: null },
    validate: schemaResolver(storeImportForm, labels),
  });
  const { failures, clear, report, pickFile } = useImportFailures(form, labels);
  // A single chain (a chain-admin's) is chosen already.
  const only = chains.data?.data.length === 1 ? String(chains.data.data[0].id) : null;
  const chainId = form.values.chain_id ?? only;

  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      notifySuccess(await importer.mutateAsync({ chainId: Number(chainId), file: values.data_file as File }));
      form.reset();
      onDone();
    } catch (error) {
      // The toast comes from the query client; the failing lines are listed here.
      report(error);
    }
  });

  return (
    <FormLayout onSubmit={submit}>
      <ChainSelect
        label={t('fields.chain')}
        chains={chains.data?.data}
        {...form.getInputProps('chain_id')}
        value={chainId}
      />
      <DataFileInput {...form.getInputProps('data_file')} onChange={pickFile} />
      {failures && <ImportFailureBox errors={failures} />}
      <FormActions onCancel={onDone} saving={importer.isPending} submitLabel={submitLabel} />
    </FormLayout>
  );
}
