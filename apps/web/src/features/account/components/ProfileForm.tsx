import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@wop/shared/api';
import { profileBody } from '@wop/shared/auth';
import { useTranslation } from 'react-i18next';
import { FieldGrid, FormLayout, SubmitRow } from '../../../components/FormLayout.tsx';
import { saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
import { type ProfileInput, useUpdateProfile } from '../api/update-profile.ts';

const labels = { name: 'account:profile.name', phone_no: 'account:profile.phone' };

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({
    mode: 'controlled',
    initialValues: { name: user.name ?? '', phone_no: user.phone_no ?? '' },
    validate: schemaResolver(profileBody, labels),
  });

  const submit = saveOnSubmit(
    form,
    labels,
    (values) => update.mutateAsync({ name: values.name.trim(), phone_no: values.phone_no.trim() }),
    { keepValues: true },
  );

  return (
    <FormLayout onSubmit={submit}>
      <FieldGrid>
        <TextInput label={t('profile.name')} autoComplete="name" withAsterisk {...form.getInputProps('name')} />
        <TextInput
          label={t('profile.phone')}
          type="tel"
          autoComplete="tel"
          withAsterisk
          {...form.getInputProps('phone_no')}
        />
        <TextInput label={t('profile.email')} value={user.email} readOnly variant="filled" />
        <TextInput
          label={t('profile.role')}
          value={user.role_label || user.role_title || user.role}
          readOnly
          variant="filled"
        />
      </FieldGrid>
      <Text size="sm" c="dimmed">
        {t('profile.readOnly')}
      </Text>
      <SubmitRow loading={update.isPending}>{t('profile.save')}</SubmitRow>
    </FormLayout>
  );
}
