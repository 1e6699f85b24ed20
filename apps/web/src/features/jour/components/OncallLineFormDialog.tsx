import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { type OncallLine, oncallLineBody } from '@wop/shared/phonein';
import { useTranslation } from 'react-i18next';
import { FormActions, RecordFormDialog } from '../../../components/FormDialog.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { workTypeOptionsQueryOptions } from '../../../entities/worktypes.ts';
import { fieldLabels, saveOnSubmit, schemaResolver, textValues } from '../../../lib/forms.ts';
import { oncallLineQueryOptions, useSaveOncallLine } from '../api/oncall.ts';

interface Values {
  city: string;
  work_type_id: string | null;
  partner: string;
  phone: string;
}

const labels = fieldLabels('jour', ['city', 'work_type_id', 'partner', 'phone']);
const toBody = (values: Values) => ({
  ...values,
  work_type_id: values.work_type_id ? Number(values.work_type_id) : null,
});

/** Create (no id) or edit an on-call line: city, work type (none: every trade), partner and phone. */
export function OncallLineFormDialog(props: { opened: boolean; id: number | null; onClose: () => void }) {
  return (
    <RecordFormDialog namespace="jour" {...props} detail={oncallLineQueryOptions} size="md">
      {(line) => <OncallLineForm key={props.id ?? 'new'} id={props.id} line={line} onDone={props.onClose} />}
    </RecordFormDialog>
  );
}

function OncallLineForm({ id, line, onDone }: { id: number | null; line?: OncallLine; onDone: () => void }) {
  const { t, i18n } = useTranslation('jour');
  const save = useSaveOncallLine();
  const workTypes = useQuery(workTypeOptionsQueryOptions(i18n.language));
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      ...textValues(line, ['city', 'partner', 'phone']),
      work_type_id: line?.work_type_id ? String(line.work_type_id) : null,
    },
    validate: schemaResolver(oncallLineBody, labels, toBody),
  });
  const submit = saveOnSubmit(form, labels, (values) => save.mutateAsync({ id, body: toBody(values) }), {
    onSaved: onDone,
  });
  return (
    <FormLayout onSubmit={submit}>
      <TextInput label={t('fields.city')} withAsterisk data-autofocus {...form.getInputProps('city')} />
      <Select
        label={t('fields.work_type_id')}
        placeholder={t('allTrades')}
        description={t('fields.workTypeHint')}
        clearable
        data={(workTypes.data ?? []).map((w) => ({ value: String(w.id), label: w.title }))}
        {...form.getInputProps('work_type_id')}
      />
      <TextInput label={t('fields.partner')} withAsterisk {...form.getInputProps('partner')} />
      <TextInput label={t('fields.phone')} withAsterisk type="tel" {...form.getInputProps('phone')} />
      <FormActions onCancel={onDone} saving={save.isPending} />
    </FormLayout>
  );
}
