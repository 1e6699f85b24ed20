import { Button, Checkbox, Code, CopyButton, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { API_KEY_SCOPES, type ApiKeyBody, apiKeyBody } from '@wop/shared/api-keys';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainSelect } from '../../../components/ChainSelect.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { SubmitRow } from '../../../components/FormLayout.tsx';
import { Warning } from '../../../components/Warning.tsx';
import { fromPickerValue } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { useCreateApiKey } from '../api/api-keys.ts';

/** A scope as a translation key (i18next reads a colon as the namespace's end). */
export const scopeKey = (scope: string) => `scopes.${scope.replace(':', '_')}`;

const labels = fieldLabels('apiKeys', ['name', 'scopes', 'chain_id', 'expires_on'], {
  expires_at: 'apiKeys:fields.expires_on',
});

interface Values {
  name: string;
  scopes: string[];
  chain_id: string | null;
  /** A day (YYYY-MM-DD): the key works until the end of it, in the app's time zone. */
  expires_on: string;
}

const initialValues: Values = { name: '', scopes: [], chain_id: null, expires_on: '' };

function toBody(values: Values, chainId: number | undefined): ApiKeyBody {
  const picked = chainId ?? (values.chain_id ? Number(values.chain_id) : undefined);
  const expires = values.expires_on ? fromPickerValue(`${values.expires_on} 23:59:59`) : null;
  return {
    name: values.name,
    scopes: values.scopes as ApiKeyBody['scopes'],
    ...(picked === undefined ? {} : { chain_id: picked }),
    ...(expires ? { expires_at: expires } : {}),
  };
}

/**
 * The form that creates a key, then the key itself, shown this once with a copy button: the
 * server keeps only its hash. `chainId` fixes the chain (a chain's page); without it, `chains`
 * is offered (an admin's page, where no chain means every chain).
 */
export function CreateApiKey({
  chainId,
  chains,
}: {
  chainId?: number;
  chains?: readonly { id: number; chain_name: string }[];
}) {
  const { t } = useTranslation('apiKeys');
  const create = useCreateApiKey();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const copyRef = useRef<HTMLButtonElement>(null);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver<Values>(apiKeyBody, labels, (values) => toBody(values, chainId), {
      expires_at: 'expires_on',
    }),
  });

  // The keyboard lands on the copy button: the one thing to do next.
  useEffect(() => {
    if (created) copyRef.current?.focus();
  }, [created]);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await create.mutateAsync(toBody(values, chainId));
      notifySuccess(answer);
      setCreated({ name: answer.payload.name, key: answer.payload.key });
      form.reset();
    } catch (error) {
      setServerErrors(form, error, labels, { expires_at: ['expires_on'] });
    }
  });

  return (
    <Stack gap="md">
      {created && (
        <Warning title={t('createdTitle', { name: created.name })} aria-live="polite">
          <Stack gap="sm">
            <Text size="sm">{t('createdWarning')}</Text>
            <Code
              block
              data-testid="api-key-secret"
              aria-label={t('theKey')}
              style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}
            >
              {created.key}
            </Code>
            <Group gap="sm">
              <CopyButton value={created.key}>
                {({ copied, copy }) => (
                  <Button
                    ref={copyRef}
                    onClick={copy}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  >
                    {copied ? t('copied') : t('copy')}
                  </Button>
                )}
              </CopyButton>
              <Button variant="default" onClick={() => setCreated(null)}>
                {t('hide')}
              </Button>
            </Group>
          </Stack>
        </Warning>
      )}
      <form onSubmit={submit} noValidate aria-label={t('create')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: chainId === undefined ? 3 : 2 }} spacing="sm">
            <TextInput
              label={t('fields.name')}
              description={t('nameHint')}
              withAsterisk
              autoComplete="off"
              {...form.getInputProps('name')}
            />
            {chainId === undefined && (
              <ChainSelect
                chains={chains}
                label={t('fields.chain_id')}
                description={t('chainHint')}
                withAsterisk={false}
                clearable
                {...form.getInputProps('chain_id')}
              />
            )}
            <DateField
              label={t('fields.expires_on')}
              description={t('expiresHint')}
              {...form.getInputProps('expires_on')}
            />
          </SimpleGrid>
          <Checkbox.Group
            label={t('fields.scopes')}
            description={t('scopesHint')}
            withAsterisk
            {...form.getInputProps('scopes')}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs" mt="xs">
              {API_KEY_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={t(scopeKey(scope))} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SubmitRow loading={create.isPending}>{t('create')}</SubmitRow>
        </Stack>
      </form>
    </Stack>
  );
}
