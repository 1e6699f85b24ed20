import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { User } from '@wop/shared/api';
import { profileBody } from '@wop/shared/auth';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors.ts';
import { schemaResolver, setServerErrors } from '../../../lib/forms.ts';
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

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await update.mutateAsync({ name: values.name.trim(), phone_no: values.phone_no.trim() });
      notifySuccess(answer);
      form.resetDirty();
    } catch (error) {
      setServerErrors(form, error, labels);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
        </SimpleGrid>
        <Text size="sm" c="dimmed">
          {t('profile.readOnly')}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t('profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
