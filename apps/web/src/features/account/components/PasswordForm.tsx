import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isEmailAsPassword } from '@wop/shared/auth';
import { PASSWORD_MAX, PASSWORD_MIN } from '@wop/shared/constants';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/errors.ts';
import { all, minLength, required, setServerErrors } from '../../../lib/forms.ts';
import { i18n } from '../../../lib/i18n.ts';
import { type PasswordInput as PasswordValues, useChangePassword } from '../api/change-password.ts';

const currentLabel = () => i18n.t('account:password.current');
const newLabel = () => i18n.t('account:password.new');
const confirmLabel = () => i18n.t('account:password.confirm');

/** Changing the password proves the current one; the new one may not be the user's e-mail address. */
export function PasswordForm({ email }: { email: string }) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordValues>({
    mode: 'controlled',
    initialValues: { current_password: '', new_password: '', confirm_password: '' },
    validate: {
      current_password: required(currentLabel),
      new_password: all(required(newLabel), minLength(newLabel, PASSWORD_MIN), (value: string) =>
        isEmailAsPassword(value, email) ? i18n.t('account:password.notEmail') : null,
      ),
      confirm_password: all<string, PasswordValues>(required(confirmLabel), (value, values) =>
        value !== values.new_password ? i18n.t('account:password.mismatch') : null,
      ),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await change.mutateAsync(values);
      notifySuccess(answer);
      form.reset();
    } catch (error) {
      setServerErrors(form, error);
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
