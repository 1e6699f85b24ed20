import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { slugify } from '@wop/shared/slug';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { required, setServerErrors } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { type OrderStatus, orderStatusQueryOptions, useSaveOrderStatus } from '../api/orderstatus.ts';

export function OrderStatusFormDialog({
  opened,
  id,
  onClose,
}: {
  opened: boolean;
  id: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('orderstatus');
  const existing = useQuery({ ...orderStatusQueryOptions(id ?? 0), enabled: opened && !!id });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="md"
      title={id ? t('form.updateTitle') : t('form.createTitle')}
      loading={!!id && !existing.data}
    >
      <OrderStatusForm key={id ?? 'new'} id={id} status={existing.data} onDone={onClose} />
    </FormDialog>
  );
}

function OrderStatusForm({ id, status, onDone }: { id: number | null; status?: OrderStatus; onDone: () => void }) {
  const { t } = useTranslation('orderstatus');
  const save = useSaveOrderStatus();
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: status?.title ?? '', slug: status?.slug ?? '' },
    validate: {
      title: required(() => i18n.t('orderstatus:fields.title')),
      slug: required(() => i18n.t('orderstatus:fields.slug')),
    },
  });
  // The slug is derived from the title (spec 3) until edited by hand; built-in slugs are fixed.
  const followsTitle = !status && !form.isDirty('slug');
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await save.mutateAsync({ id, body: values }));
      form.reset();
      onDone();
    } catch (error) {
      setServerErrors(form, error, { title: ['slug'] });
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
          disabled={status?.builtin}
          description={status?.builtin ? t('form.builtinHint') : t('form.slugHint')}
          {...form.getInputProps('slug')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
