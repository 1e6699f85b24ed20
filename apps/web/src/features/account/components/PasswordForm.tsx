import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { passwordBody } from '@wop/shared/auth';
import { PASSWORD_MIN } from '@wop/shared/constants';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors.ts';
import { schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { type PasswordInput as PasswordValues, useChangePassword } from '../api/change-password.ts';

const labels = { new_password: 'account:password.new', confirm_password: 'account:password.confirm' };

export function PasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { new_password: '', confirm_password: '' },
    validate: schemaResolver(passwordBody, labels),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await change.mutateAsync(values);
      notifySuccess(answer);
      form.reset();
    } catch (error) {
      setServerErrors(form, error, labels);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label={t('password.new')}
            description={t('password.hint', { count: PASSWORD_MIN })}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirm_password')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            {t('password.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
