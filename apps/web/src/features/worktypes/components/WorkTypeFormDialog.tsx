import { Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type WorkType, workTypeBody } from '@wop/shared/worktypes';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { useSaveWorkType, workTypeQueryOptions } from '../api/worktypes.ts';

interface Values {
  title: string;
  sv: string;
  fi: string;
}

const labels = fieldLabels('worktypes', ['title'], { sv: 'worktypes:fields.titleSv', fi: 'worktypes:fields.titleFi' });
/** The form's Swedish and Finnish titles are the body's translations. */
const translationFields = { 'translations.0.title': 'sv', 'translations.1.title': 'fi' };
const toBody = (values: Values) => ({
  title: values.title,
  translations: [
    { locale: 'sv' as const, title: values.sv },
    { locale: 'fi' as const, title: values.fi },
  ],
});

/** Create (no id) or edit a work type: the English title plus Swedish and Finnish titles. */
export function WorkTypeFormDialog({
  opened,
  id,
  onClose,
}: {
  opened: boolean;
  id: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('worktypes');
  const existing = useQuery({ ...workTypeQueryOptions(id ?? 0), enabled: opened && !!id });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="md"
      title={id ? t('form.updateTitle') : t('form.createTitle')}
      loading={!!id && !existing.data}
    >
      <WorkTypeForm key={id ?? 'new'} id={id} workType={existing.data} onDone={onClose} />
    </FormDialog>
  );
}

function WorkTypeForm({ id, workType, onDone }: { id: number | null; workType?: WorkType; onDone: () => void }) {
  const { t } = useTranslation('worktypes');
  const save = useSaveWorkType();
  const title = (locale: string) => workType?.translations.find((tr) => tr.locale === locale)?.title ?? '';
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { title: title('en') || (workType?.title ?? ''), sv: title('sv'), fi: title('fi') },
    validate: schemaResolver(workTypeBody, labels, toBody, translationFields),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await save.mutateAsync({ id, body: toBody(values) }));
      form.reset();
      onDone();
    } catch (error) {
      setServerErrors(form, error, labels, { 'translations.0.title': ['sv'], 'translations.1.title': ['fi'] });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label={t('fields.title')} withAsterisk data-autofocus {...form.getInputProps('title')} />
        <TextInput label={t('fields.titleSv')} lang="sv" {...form.getInputProps('sv')} />
        <TextInput label={t('fields.titleFi')} lang="fi" {...form.getInputProps('fi')} />
        <FormActions onCancel={onDone} saving={save.isPending} />
      </Stack>
    </form>
  );
}
