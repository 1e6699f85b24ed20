import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconPlugConnected, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type Chain, MAX_EMAIL_DOMAINS, oidcSettingsBody } from '@wop/shared/chains';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { Warning } from '../../../components/Warning.tsx';
import { isApiError } from '../../../lib/api.ts';
import { describeError, notifySuccess } from '../../../lib/errors.ts';
import { type FieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { redirectUriQueryOptions, useSaveSignInSettings, useTestConnection } from '../api/sign-in-settings.ts';

const FIELDS = ['issuer', 'client_id', 'client_secret', 'email_domains'] as const;
/** The labels of the fields, under their names in the form (`oidc.issuer`) and in the body (`issuer`). */
const labels: FieldLabels = Object.fromEntries(
  FIELDS.flatMap((field) => [
    [field, `chainSignIn:fields.${field}`],
    [`oidc.${field}`, `chainSignIn:fields.${field}`],
  ]),
);
labels.password_sign_in = 'chainSignIn:fields.password_sign_in';

interface Values {
  oidc: { issuer: string; client_id: string; client_secret: string; email_domains: string[] };
  password_sign_in: boolean;
}

const toValues = (chain: Chain): Values => ({
  oidc: {
    issuer: chain.oidc?.issuer ?? '',
    client_id: chain.oidc?.client_id ?? '',
    client_secret: '',
    email_domains: chain.oidc?.email_domains ?? [],
  },
  password_sign_in: chain.password_sign_in,
});

const checkOidc = schemaResolver<Values['oidc']>(oidcSettingsBody, labels);

/**
 * A domain's message stands on the domains field, naming the domain ("norrgarden.se: is already
 * used..."), since the field holds them all.
 */
function onDomainsField(errors: Record<string, ReactNode>, domains: string[]) {
  const out: Record<string, ReactNode> = {};
  for (const [field, message] of Object.entries(errors)) {
    const index = /^(?:oidc\.)?email_domains\.(\d+)$/.exec(field)?.[1];
    if (index === undefined)
      out[field.startsWith('oidc.') || field === 'password_sign_in' ? field : `oidc.${field}`] = message;
    else out['oidc.email_domains'] ??= `${domains[Number(index)] ?? ''}: ${message}`;
  }
  return out;
}

/**
 * The chain's own sign-in (its OpenID Connect provider), a section of the chain's page of its own: the
 * provider's address, the app's client id and secret there, the e-mail domains that sign in through it,
 * and whether the chain's users may still use passwords.
 */
export function SignInSettings({ chain }: { chain: Chain }) {
  const { t } = useTranslation('chainSignIn');
  const save = useSaveSignInSettings(chain.id);
  const test = useTestConnection(chain.id);
  const redirectUri = useQuery(redirectUriQueryOptions());
  const [testResult, setTestResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [removing, setRemoving] = useState(false);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: toValues(chain),
    validate: (values) => onDomainsField(checkOidc(values.oidc), values.oidc.email_domains),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        oidc: { ...values.oidc, client_secret: values.oidc.client_secret || undefined },
        password_sign_in: values.password_sign_in,
      });
      notifySuccess(answer);
      form.setInitialValues(toValues(answer.payload));
      form.reset();
    } catch (error) {
      setServerErrors(
        { setErrors: (errors) => form.setErrors(onDomainsField(errors, values.oidc.email_domains)) },
        error,
        labels,
      );
    }
  });

  const runTest = async () => {
    setTestResult(null);
    const issuer = form.getValues().oidc.issuer.trim();
    if (form.validateField('oidc.issuer').hasError) return;
    try {
      const answer = await test.mutateAsync(issuer);
      setTestResult({ ok: answer.payload.ok, message: answer.message ?? '' });
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        setServerErrors({ setErrors: (errors) => form.setErrors(onDomainsField(errors, [])) }, error, labels);
      } else {
        setTestResult({ ok: false, message: describeError(error).text });
      }
    }
  };

  const remove = async () => {
    const answer = await save.mutateAsync({ oidc: null });
    notifySuccess(answer);
    form.setInitialValues(toValues(answer.payload));
    form.reset();
    setTestResult(null);
  };

  const outside = chain.oidc?.users_outside_domains ?? 0;
  return (
    <>
      <SectionCard id="chain-sign-in-title" title={t('title')} intro={t('intro')}>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('redirectUri')}
          </Text>
          <Group gap="xs" align="center">
            <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{redirectUri.data ?? '…'}</Code>
            <CopyButton value={redirectUri.data ?? ''}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="compact-sm" onClick={copy} disabled={!redirectUri.data}>
                  {copied ? t('copied') : t('copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm" c="dimmed">
            {t('redirectUriHint')}
          </Text>
        </Stack>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t('fields.issuer')}
              description={t('issuerHint')}
              placeholder="https://login.microsoftonline.com/…/v2.0"
              withAsterisk
              inputMode="url"
              autoComplete="off"
              {...form.getInputProps('oidc.issuer')}
            />
            <Group gap="sm" align="flex-start">
              <Button
                variant="default"
                leftSection={<IconPlugConnected size={16} aria-hidden />}
                onClick={runTest}
                loading={test.isPending}
              >
                {t('test')}
              </Button>
            </Group>
            <div role="status">
              {testResult && (
                <Alert
                  color={testResult.ok ? 'green' : 'red'}
                  variant="light"
                  icon={testResult.ok ? <IconCheck size={18} aria-hidden /> : <IconX size={18} aria-hidden />}
                  title={testResult.ok ? t('testOk') : t('testFailed')}
                >
                  {testResult.message}
                </Alert>
              )}
            </div>
            <TextInput
              label={t('fields.client_id')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('oidc.client_id')}
            />
            <PasswordInput
              label={t('fields.client_secret')}
              description={chain.oidc?.client_secret_set ? t('secretKept') : t('secretHint')}
              withAsterisk={!chain.oidc?.client_secret_set}
              autoComplete="new-password"
              {...form.getInputProps('oidc.client_secret')}
            />
            <TagsInput
              label={t('fields.email_domains')}
              description={t('domainsHint', { max: MAX_EMAIL_DOMAINS })}
              placeholder={t('domainsPlaceholder')}
              withAsterisk
              splitChars={[',', ' ', ';']}
              maxTags={MAX_EMAIL_DOMAINS}
              clearable
              {...form.getInputProps('oidc.email_domains')}
            />
            <Switch
              label={t('fields.password_sign_in')}
              description={chain.oidc ? t('passwordHint') : t('passwordNeedsProvider')}
              disabled={!chain.oidc}
              {...form.getInputProps('password_sign_in', { type: 'checkbox' })}
            />
            {!form.getValues().password_sign_in && outside > 0 && (
              <Warning>{t('outsideDomains', { count: outside })}</Warning>
            )}
            <Group justify="flex-end" gap="sm">
              {chain.oidc && (
                <Button variant="default" color="red" onClick={() => setRemoving(true)}>
                  {t('remove')}
                </Button>
              )}
              <Button type="submit" loading={save.isPending}>
                {t('common:actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </SectionCard>
      <ConfirmDelete
        opened={removing}
        onClose={() => setRemoving(false)}
        onConfirm={remove}
        title={t('removeTitle')}
        message={t('removeMessage')}
      />
    </>
  );
}
