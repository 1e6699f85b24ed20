import { Select, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { VISIT_NOTE_MAX, VISIT_OUTCOMES, type VisitOutcome } from '@wop/shared/constants';
import type { Visit } from '@wop/shared/visits';
import { useTranslation } from 'react-i18next';
import { FormActions, FormDialog } from '../../../components/FormDialog.tsx';
import { FormLayout } from '../../../components/FormLayout.tsx';
import { correctVisit, refreshVisits } from '../../../entities/visits.ts';
import { fromPickerValue, toPickerValue } from '../../../lib/dates.ts';
import { fieldLabels, saveOnSubmit } from '../../../lib/forms.ts';
import { TimeField } from './TimeField.tsx';

const labels = fieldLabels('visits', ['checked_in_at', 'checked_out_at', 'outcome', 'note']);

interface Values {
  checked_in_at: string | null;
  checked_out_at: string | null;
  outcome: VisitOutcome | null;
  note: string;
}

/** An admin's correction of a visit's times, outcome and note (the order's history keeps the old times). */
export function VisitCorrectDialog({ visit, onClose }: { visit: Visit | null; onClose: () => void }) {
  const { t } = useTranslation('visits');
  return (
    <FormDialog opened={visit !== null} onClose={onClose} title={t('correctTitle')} size="md">
      {visit && <CorrectForm key={visit.id} visit={visit} onDone={onClose} />}
    </FormDialog>
  );
}

function CorrectForm({ visit, onDone }: { visit: Visit; onDone: () => void }) {
  const { t } = useTranslation('visits');
  const queryClient = useQueryClient();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: {
      checked_in_at: toPickerValue(visit.checked_in_at),
      checked_out_at: toPickerValue(visit.checked_out_at),
      outcome: visit.outcome,
      note: visit.note ?? '',
    },
  });
  const submit = saveOnSubmit(
    form,
    labels,
    async (values) => {
      const answer = await correctVisit(visit.order_id, visit.id, {
        checked_in_at: fromPickerValue(values.checked_in_at) ?? '',
        checked_out_at: fromPickerValue(values.checked_out_at),
        outcome: values.outcome,
        note: values.note,
      });
      await refreshVisits(queryClient);
      return answer;
    },
    { onSaved: onDone },
  );
  return (
    <FormLayout onSubmit={submit}>
      <TimeField label={t('fields.checked_in_at')} withAsterisk {...form.getInputProps('checked_in_at')} />
      <TimeField label={t('fields.checked_out_at')} clearable {...form.getInputProps('checked_out_at')} />
      <Select
        label={t('fields.outcome')}
        data={VISIT_OUTCOMES.map((value) => ({ value, label: t(`outcome.${value}`) }))}
        clearable
        {...form.getInputProps('outcome')}
      />
      <Textarea label={t('fields.note')} maxLength={VISIT_NOTE_MAX} rows={2} {...form.getInputProps('note')} />
      <FormActions onCancel={onDone} saving={form.submitting} />
    </FormLayout>
  );
}
