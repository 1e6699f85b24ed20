import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { UseMutationResult, UseQueryOptions } from '@tanstack/react-query';
import { titleSlugBody } from '@wop/shared/reference';
import { slugify } from '@wop/shared/slug';
import { v } from '@wop/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldLabels, fieldMessage, saveOnSubmit, schemaResolver } from '../lib/forms.ts';
import { FormActions, RecordFormDialog } from './FormDialog.tsx';
import { FormLayout } from './FormLayout.tsx';

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
  return (
    <RecordFormDialog namespace={namespace} opened={opened} id={id} onClose={onClose} detail={detail} size="md">
      {(item) => (
        <TitleSlugForm key={id ?? 'new'} namespace={namespace} id={id} item={item} save={save} onDone={onClose} />
      )}
    </RecordFormDialog>
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

  const submit = saveOnSubmit(form, labels, (values) => save.mutateAsync({ id, body: values }), {
    onSaved: onDone,
    aliases: { title: ['slug'] },
  });

  return (
    <FormLayout onSubmit={submit}>
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
    </FormLayout>
  );
}
