import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isEmailAsPassword, passwordBody } from '@wop/shared/auth';
import { PASSWORD_MAX, PASSWORD_MIN } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldMessage, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { type PasswordInput as PasswordValues, useChangePassword } from '../api/change-password.ts';

const labels = {
  current_password: 'account:password.current',
  new_password: 'account:password.new',
  confirm_password: 'account:password.confirm',
};
const resolve = schemaResolver<PasswordValues>(passwordBody, labels);

/** Changing the password proves the current one; the new one may not be the user's e-mail address. */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: (values) => {
      const errors = resolve(values);
      if (!errors.new_password && isEmailAsPassword(values.new_password, email)) {
        errors.new_password = fieldMessage('new_password', v('not_email'), labels);
      }
      return errors;
    },
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
            label={t('password.current')}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('current_password')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput
            label={t('password.new')}
            description={t('password.hint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            withAsterisk
            {...form.getInputProps('new_password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
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
