import { Button, Card, Group, List, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IMPORT_LIST_SEPARATOR, USER_IMPORT_COLUMNS, USER_IMPORT_SAMPLE, userImportForm } from '@wop/shared/imports';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors.ts';
import { schemaResolver } from '../../../lib/forms.ts';
import { usePageHeader } from '../../../lib/page-header.tsx';
import { useBulkUpdateUsers } from '../api/imports.ts';
import { DataFileInput, useImportFailures } from '../components/DataFileInput.tsx';
import { ImportFailureBox } from '../components/ImportFailureBox.tsx';
import { SampleCsvButton } from '../components/SampleCsvButton.tsx';

const labels = { data_file: 'imports:fields.dataFile' };

/** /users/bulk-update: a CSV or TXT file that updates users by e-mail and creates unknown ones. */
export function UserBulkUpdatePage() {
  const { t } = useTranslation('imports');
  usePageHeader(t('users.title'), null);
  const update = useBulkUpdateUsers();
  const form = useForm<{ data_file: File | null }>({
    initialValues: { data_file: null },
    validate: schemaResolver(userImportForm, labels),
  });
  const { failures, clear, report, pickFile } = useImportFailures(form, labels);

  const submit = form.onSubmit(async (values) => {
    clear();
    try {
      notifySuccess(await update.mutateAsync(values.data_file as File));
      form.reset();
    } catch (error) {
      report(error);
    }
  });

  return (
    <Card withBorder padding="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('users.intro')}</Text>
          <List size="sm" spacing={2}>
            <List.Item>{t('users.ruleMatch')}</List.Item>
            <List.Item>{t('users.ruleCreate')}</List.Item>
            <List.Item>{t('users.ruleMany', { separator: IMPORT_LIST_SEPARATOR })}</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            {t('columnsLabel')}: <code>{USER_IMPORT_COLUMNS.join(', ')}</code>
          </Text>
          <DataFileInput {...form.getInputProps('data_file')} onChange={pickFile} />
          {failures && <ImportFailureBox errors={failures} />}
          <Group justify="space-between">
            <SampleCsvButton content={USER_IMPORT_SAMPLE} fileName="users-sample.csv" />
            <Button type="submit" loading={update.isPending}>
              {t('users.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
