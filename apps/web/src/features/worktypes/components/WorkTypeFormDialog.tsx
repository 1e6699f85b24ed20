import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type WorkType, workTypeBody } from '@wop/shared/worktypes';
import { useTranslation } from 'react-i18next';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { fieldLabels, saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
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
export function WorkTypeFormDialog(props: { opened: boolean; id: number | null; onClose: () => void }) {
  return (
    <RecordFormDialog namespace="worktypes" {...props} detail={workTypeQueryOptions} size="md">
      {(workType) => <WorkTypeForm key={props.id ?? 'new'} id={props.id} workType={workType} onDone={props.onClose} />}
    </RecordFormDialog>
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
  const submit = saveOnSubmit(form, labels, (values) => save.mutateAsync({ id, body: toBody(values) }), {
    onSaved: onDone,
    aliases: { 'translations.0.title': ['sv'], 'translations.1.title': ['fi'] },
  });
  return (
    <FormLayout onSubmit={submit}>
      <TextInput label={t('fields.title')} withAsterisk data-autofocus {...form.getInputProps('title')} />
      <TextInput label={t('fields.titleSv')} lang="sv" {...form.getInputProps('sv')} />
      <TextInput label={t('fields.titleFi')} lang="fi" {...form.getInputProps('fi')} />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
