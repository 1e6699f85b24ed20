import { PasswordInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isEmailAsPassword, passwordBody } from '@wop/shared/auth';
import { PASSWORD_MAX, PASSWORD_MIN } from '@wop/shared/constants';
import { v } from '@wop/shared/validation';
import { useTranslation } from 'react-i18next';
import { FieldGrid, FormLayout, SubmitRow } from '../../../components/FormLayout.tsx';
import { fieldMessage, saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
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

  const submit = saveOnSubmit(form, labels, (values) => change.mutateAsync(values));

  return (
    <FormLayout onSubmit={submit}>
      <FieldGrid>
        <PasswordInput
          label={t('password.current')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('current_password')}
        />
      </FieldGrid>
      <FieldGrid>
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
      </FieldGrid>
      <SubmitRow loading={change.isPending}>{t('password.save')}</SubmitRow>
    </FormLayout>
  );
}
