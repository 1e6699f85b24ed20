import { FileInput, type FileInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldLabels, setServerErrors } from '../../../lib/forms.ts';
import { importLineErrors, type LineErrors } from './ImportFailureBox.tsx';

/** The CSV or TXT file of an import (required). */
export function DataFileInput(props: FileInputProps<false>) {
  const { t } = useTranslation('imports');
  return (
    <FileInput
      label={t('fields.dataFile')}
      description={t('fields.dataFileHint')}
      withAsterisk
      clearable
      accept=".csv,.txt,text/csv,text/plain"
      leftSection={<IconUpload size={16} aria-hidden />}
      {...props}
    />
  );
}

/**
 * The failing lines of an import's file: `report` lists them from a failed upload (any other
 * 422 lands on the form's fields); choosing another file (`pickFile`) clears them.
 */
export function useImportFailures<V extends { data_file: File | null }>(
  form: UseFormReturnType<V>,
  labels: FieldLabels,
) {
  const [failures, setFailures] = useState<LineErrors | null>(null);
  return {
    failures,
    clear: () => setFailures(null),
    report: (error: unknown) => {
      const lines = importLineErrors(error);
      if (lines) setFailures(lines);
      else setServerErrors(form, error, labels);
    },
    pickFile: (file: File | null) => {
      setFailures(null);
      form.setValues({ data_file: file } as Partial<V>);
    },
  };
}
