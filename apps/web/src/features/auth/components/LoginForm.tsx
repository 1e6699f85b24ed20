import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { loginBody } from '@wop/shared/auth';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/current-user.ts';
import { describeError } from '../../../lib/errors.ts';
import { schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { startSession, takeReturnPath } from '../../../lib/session.ts';
import { type LoginInput, useLogin } from '../api/login.ts';

const labels = { email: 'auth:login.email', password: 'auth:login.password' };

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);

  const form = useForm<LoginInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginBody, labels),
  });

  const submit = form.onSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync({ email: values.email.trim(), password: values.password });
      startSession(answer.access_token, answer.expires_at);
      try {
        await queryClient.fetchQuery(profileQueryOptions());
      } catch {
        // The shell shows the maintenance screen (500) or signs out again (401).
      }
      navigate(takeReturnPath(), { replace: true });
    } catch (error) {
      if (setServerErrors(form, error, labels).length > 0) return;
      // A wrong password (401) and throttling (429) carry the server's own, localized message.
      setFailure(
        isApiError(error) && error.status !== null && error.message ? error.message : describeError(error).text,
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            title={t('login.failed')}
            role="alert"
          >
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          inputMode="email"
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" fullWidth size="md" loading={login.isPending || form.submitting}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
