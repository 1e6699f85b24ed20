import { ActionIcon, FileInput, Group, List, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { CATEGORY_FILE_TYPES } from '@wop/shared/constants';
import { CATEGORY_FILE_ACCEPT, type Category, categoryBody } from '@wop/shared/files';
import { useTranslation } from 'react-i18next';
import { ChainSelect } from '../../../components/ChainSelect.tsx';
import { FormActions } from '../../../components/FormDialog.tsx';
import { FieldGrid, FormLayout } from '../../../components/FormLayout.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { fieldLabels, saveOnSubmit, schemaResolver, textValues } from '../../../lib/forms.ts';
import { useSaveCategory } from '../api/categories.ts';

const labels = fieldLabels('files', ['title', 'description'], {
  chain_id: 'files:fields.chain',
  category_name: 'files:fields.categoryName',
  sub_title: 'files:fields.subTitle',
  files: 'files:fields.files',
});

interface Values {
  chain_id: string | null;
  category_name: string;
  title: string;
  sub_title: string;
  description: string;
  files: File[];
}

const ACCEPT = Object.entries(CATEGORY_FILE_ACCEPT)
  .flatMap(([mime, exts]) => [mime, ...exts])
  .join(',');

/**
 * The folder form: create (no category) or update plus add files (a category). Files are
 * docx, png, jpg or pdf; the server checks their content as well.
 */
export function CategoryForm({
  category,
  onDone,
  onCancel,
}: {
  category?: Category;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('files');
  const chains = useQuery(chainOptionsQueryOptions());
  const save = useSaveCategory();
  const form = useForm<Values>({
    initialValues: {
      chain_id: category ? String(category.chain_id) : null,
      ...textValues(category, ['category_name', 'title', 'sub_title', 'description']),
      files: [],
    },
    validate: schemaResolver<Values>(categoryBody, labels),
  });

  const submit = saveOnSubmit(
    form,
    labels,
    ({ files, ...values }) =>
      save.mutateAsync({
        id: category?.id,
        fields: { ...values, chain_id: values.chain_id ? Number(values.chain_id) : null },
        files,
      }),
    { onSaved: onDone },
  );

  const files = form.values.files;
  return (
    <FormLayout onSubmit={submit}>
      <FieldGrid>
        <ChainSelect label={t('fields.chain')} chains={chains.data?.data} {...form.getInputProps('chain_id')} />
        <TextInput label={t('fields.categoryName')} {...form.getInputProps('category_name')} />
        <TextInput label={t('fields.title')} withAsterisk {...form.getInputProps('title')} />
        <TextInput label={t('fields.subTitle')} {...form.getInputProps('sub_title')} />
      </FieldGrid>
      <Textarea
        label={t('fields.description')}
        withAsterisk
        autosize
        minRows={3}
        {...form.getInputProps('description')}
      />
      <FileInput
        label={category ? t('fields.addFiles') : t('fields.files')}
        description={t('fields.filesHint', { types: CATEGORY_FILE_TYPES.join(', ') })}
        multiple
        clearable
        accept={ACCEPT}
        leftSection={<IconPaperclip size={16} aria-hidden />}
        value={files}
        onChange={(value) => form.setFieldValue('files', value)}
        error={form.errors.files}
      />
      {files.length > 0 && (
        <List size="sm" spacing={4} aria-label={t('fields.selectedFiles')}>
          {files.map((file, index) => (
            <List.Item key={`${file.name}-${file.size}-${file.lastModified}`}>
              <Group gap={6} wrap="nowrap">
                {file.name}
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={t('removeSelected', { name: file.name })}
                  onClick={() =>
                    form.setFieldValue(
                      'files',
                      files.filter((_, i) => i !== index),
                    )
                  }
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      <FormActions onCancel={onCancel} saving={save.isPending} submitLabel={category ? t('save') : t('create')} />
    </FormLayout>
  );
}
