import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { slugify } from '@wop/shared/slug';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notifySuccess } from '../../../lib/errors.ts';
import { required, setServerErrors } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { type Role, roleQueryOptions, useSaveRole } from '../api/roles.ts';

export function RoleFormDialog({
  opened,
  roleId,
  onClose,
}: {
  opened: boolean;
  roleId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('roles');
  const existing = useQuery({ ...roleQueryOptions(roleId ?? 0), enabled: opened && !!roleId });
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      size="md"
      title={roleId ? t('form.updateTitle') : t('form.createTitle')}
      loading={!!roleId && !existing.data}
    >
      <RoleForm key={`${roleId ?? 'new'}`} roleId={roleId} role={existing.data} onDone={onClose} />
    </FormDialog>
  );
}

function RoleForm({ roleId, role, onDone }: { roleId?: number | null; role?: Role; onDone: () => void }) {
  const { t } = useTranslation('roles');
  const save = useSaveRole();
  const form = useForm({
    mode: 'controlled',
    initialValues: { title: role?.title ?? '', slug: role?.slug ?? '' },
    validate: {
      title: required(() => i18n.t('roles:fields.title')),
      slug: required(() => i18n.t('roles:fields.slug')),
    },
  });
  // The slug follows the title until it is edited by hand (spec 3: derived from the title).
  const followsTitle = !role && !form.isDirty('slug');

  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await save.mutateAsync({ id: roleId, body: values }));
      form.reset();
      onDone();
    } catch (error) {
      // The role form shows the title error on the slug field too (spec 5).
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
            form.setFieldValue('title', title);
            if (followsTitle) form.setValues({ title, slug: slugify(title) });
          }}
        />
        <TextInput
          label={t('fields.slug')}
          withAsterisk
          disabled={role?.builtin}
          description={role?.builtin ? t('form.builtinHint') : t('form.slugHint')}
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
