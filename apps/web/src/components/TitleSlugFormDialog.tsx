import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type UseMutationResult, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { titleSlugBody } from '@wop/shared/reference';
import { slugify } from '@wop/shared/slug';
import { v } from '@wop/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../lib/errors.ts';
import { fieldLabels, fieldMessage, schemaResolver, setServerErrors } from '../lib/forms.ts';
import { FormActions, FormDialog } from './FormDialog.tsx';

export interface TitleSlugItem {
  id: number;
  title: string;
  slug: string;
  builtin: boolean;
}

type SaveTitleSlug = UseMutationResult<
  { message: string | null },
  unknown,
  { id?: number | null; body: { title: string; slug: string } }
>;

interface Props<T extends TitleSlugItem> {
  /** Translation namespace with fields.title, fields.slug, form.createTitle/updateTitle/builtinHint/slugHint. */
  namespace: 'roles' | 'orderstatus';
  opened: boolean;
  /** null creates, an id updates. */
  id: number | null;
  onClose: () => void;
  detail: (id: number) => UseQueryOptions<T, Error, T, (string | number)[]>;
  save: SaveTitleSlug;
}

/**
 * The create/edit dialog of roles and order statuses: a title and a slug derived from it (spec 3)
 * until edited by hand; a built-in item keeps its slug; the title error shows on the slug too (spec 5).
 */
export function TitleSlugFormDialog<T extends TitleSlugItem>({
  namespace,
  opened,
  id,
  onClose,
  detail,
  save,
}: Props<T>) {
  const { t } = useTranslation(namespace);
  const existing = useQuery({ ...detail(id ?? 0), enabled: opened && !!id });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="md"
      title={id ? t('form.updateTitle') : t('form.createTitle')}
      loading={!!id && !existing.data}
    >
      <TitleSlugForm
        key={id ?? 'new'}
        namespace={namespace}
        id={id}
        item={existing.data}
        save={save}
        onDone={onClose}
      />
    </FormDialog>
  );
}

interface Values {
  title: string;
  slug: string;
}

function TitleSlugForm({
  namespace,
  id,
  item,
  save,
  onDone,
}: {
  namespace: Props<TitleSlugItem>['namespace'];
  id: number | null;
  item?: TitleSlugItem;
  save: SaveTitleSlug;
  onDone: () => void;
}) {
  const { t } = useTranslation(namespace);
  const labels = fieldLabels(namespace, ['title', 'slug']);
  const resolve = schemaResolver<Values>(titleSlugBody, labels);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { title: item?.title ?? '', slug: item?.slug ?? '' },
    // The server derives an empty slug from the title; the form asks for both (spec 5).
    validate: (values) => ({
      ...(values.slug.trim() ? {} : { slug: fieldMessage('slug', v('required'), labels) }),
      ...resolve(values),
    }),
  });
  // The slug follows the title until the user types in it.
  const [slugTyped, setSlugTyped] = useState(false);
  const followsTitle = !item && !slugTyped;

  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await save.mutateAsync({ id, body: values }));
      form.reset();
      onDone();
    } catch (error) {
      setServerErrors(form, error, labels, { title: ['slug'] });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.title')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('title')}
          onChange={(event) => {
            const title = event.currentTarget.value;
            if (followsTitle) form.setValues({ title, slug: slugify(title) });
            else form.setFieldValue('title', title);
          }}
        />
        <TextInput
          label={t('fields.slug')}
          withAsterisk
          disabled={item?.builtin}
          description={item?.builtin ? t('form.builtinHint') : t('form.slugHint')}
          {...form.getInputProps('slug')}
          onChange={(event) => {
            setSlugTyped(true);
            form.setFieldValue('slug', event.currentTarget.value);
          }}
        />
        <FormActions onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
