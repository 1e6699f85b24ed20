import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/current-user.ts';
import { describeError } from '../../../lib/errors.ts';
import { startSession, takeReturnPath } from '../../../lib/session.ts';
import { type LoginInput, useLogin } from '../api/login.ts';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);

  // Two fields: plain state rather than a form library, which the sign-in page would otherwise load.
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, ReactNode>>({});
  const field = (name: keyof LoginInput) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  // Fetched once the page shows, so the first submit does not wait for it.
  useEffect(() => {
    void import('./login-checks.ts');
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = await import('./login-checks.ts');
    const failed = checks.validateLogin(values);
    setErrors(failed);
    if (Object.keys(failed).length > 0) return;
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
      if (checks.showServerErrors(setErrors, error).length > 0) return;
      // A wrong password (401) and throttling (429) carry the server's own, localized message.
      setFailure(
        isApiError(error) && error.status !== null && error.message ? error.message : describeError(error).text,
      );
    }
  };

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
          {...field('email')}
        />
        <PasswordInput
          label={t('login.password')}
          autoComplete="current-password"
          withAsterisk
          {...field('password')}
        />
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
