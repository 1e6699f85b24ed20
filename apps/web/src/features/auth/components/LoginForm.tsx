import { Anchor, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginAnswer } from '@wop/shared/api';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SubmitFailed } from '../../../components/SubmitFailed.tsx';
import { isApiError } from '../../../lib/api.ts';
import { profileQueryOptions } from '../../../lib/current-user.ts';
import { describeError } from '../../../lib/errors.ts';
import { hasStoredLanguage, setLanguage } from '../../../lib/i18n.ts';
import { whenIdle } from '../../../lib/progressive.ts';
import { startSession, takeReturnPath } from '../../../lib/session.ts';
import { type LoginInput, useLogin } from '../api/login.ts';
import { completeProviderSignIn, signInMethod, startProviderSignIn } from '../api/provider.ts';

/**
 * E-mail first: the address decides whether a password follows or the chain's own sign-in (its
 * identity provider), where the browser goes and from where it comes back with `?sign_in=`.
 */
type Step = { kind: 'email' } | { kind: 'password' } | { kind: 'provider'; chain: string; password: boolean };

export function LoginForm() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [busy, setBusy] = useState(false);
  const [params, setParams] = useSearchParams();
  const [returned] = useState(() => params.get('sign_in'));
  const [completing, setCompleting] = useState(returned !== null);
  const redeemed = useRef(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement & HTMLButtonElement>(null);

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

  const fail = (error: unknown) =>
    // The server's own, localized message (a wrong password, throttling, a refused provider sign-in).
    setFailure(isApiError(error) && error.status !== null && error.message ? error.message : describeError(error).text);

  async function signedIn(answer: LoginAnswer) {
    startSession(answer.access_token, answer.expires_at);
    // A browser where no language was chosen takes the one its user last used.
    if (!hasStoredLanguage()) await setLanguage(answer.user.language);
    try {
      await queryClient.fetchQuery(profileQueryOptions());
    } catch {
      // The shell shows the maintenance screen (500) or signs out again (401).
    }
    navigate(takeReturnPath(), { replace: true });
  }

  // Fetched once the page has shown, so the first submit does not wait for it.
  useEffect(() => whenIdle(() => void import('./login-checks.ts')), []);

  // Back from the provider: its one-time code is redeemed once, and leaves the address bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => {
    if (!returned || redeemed.current) return;
    redeemed.current = true;
    setParams({}, { replace: true });
    completeProviderSignIn(returned).then(signedIn, (error: unknown) => {
      fail(error);
      setCompleting(false);
    });
  }, []);

  // Each step puts the cursor where the user goes on.
  useEffect(() => {
    if (step.kind === 'email') emailRef.current?.focus();
    else nextRef.current?.focus();
  }, [step]);

  async function toProvider() {
    setBusy(true);
    try {
      window.location.assign(await startProviderSignIn(values.email.trim()));
    } catch (error) {
      fail(error);
      setBusy(false);
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checks = await import('./login-checks.ts');
    setFailure(null);
    if (step.kind === 'provider') return toProvider();
    const failed = step.kind === 'email' ? checks.validateEmail(values) : checks.validateLogin(values);
    setErrors(failed);
    if (Object.keys(failed).length > 0) return;
    if (step.kind === 'email') {
      setBusy(true);
      try {
        const method = await signInMethod(values.email.trim());
        if (method.method === 'password') setStep({ kind: 'password' });
        // Nothing to choose when the chain allows no password: straight on to its sign-in.
        else if (!method.password_sign_in) return toProvider();
        else setStep({ kind: 'provider', chain: method.chain_name ?? '', password: true });
      } catch (error) {
        if (checks.showServerErrors(setErrors, error).length === 0) fail(error);
      }
      setBusy(false);
      return;
    }
    try {
      await signedIn(await login.mutateAsync({ email: values.email.trim(), password: values.password }));
    } catch (error) {
      if (checks.showServerErrors(setErrors, error).length > 0) return;
      fail(error);
    }
  };

  if (completing) {
    return (
      <Group gap="sm" justify="center" py="lg" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{t('login.completing')}</Text>
      </Group>
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {failure && <SubmitFailed title={t('login.failed')}>{failure}</SubmitFailed>}
        <TextInput
          ref={emailRef}
          label={t('login.email')}
          placeholder={t('login.emailPlaceholder')}
          type="email"
          autoComplete="username"
          inputMode="email"
          withAsterisk
          data-autofocus
          readOnly={step.kind !== 'email'}
          {...field('email')}
        />
        {step.kind !== 'email' && (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="left"
            onClick={() => {
              setFailure(null);
              setStep({ kind: 'email' });
            }}
          >
            {t('login.changeEmail')}
          </Anchor>
        )}
        {step.kind === 'password' && (
          <PasswordInput
            ref={nextRef}
            label={t('login.password')}
            autoComplete="current-password"
            withAsterisk
            {...field('password')}
          />
        )}
        {step.kind === 'provider' && <Text>{t('login.providerText', { chain: step.chain })}</Text>}
        {step.kind === 'email' && (
          <Button type="submit" fullWidth size="md" loading={busy}>
            {t('login.continue')}
          </Button>
        )}
        {step.kind === 'password' && (
          <Button type="submit" fullWidth size="md" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        )}
        {step.kind === 'provider' && (
          <>
            <Button ref={nextRef} type="submit" fullWidth size="md" loading={busy}>
              {t('login.toProvider')}
            </Button>
            {step.password && (
              <Button variant="subtle" fullWidth onClick={() => setStep({ kind: 'password' })}>
                {t('login.usePassword')}
              </Button>
            )}
          </>
        )}
      </Stack>
    </form>
  );
}
