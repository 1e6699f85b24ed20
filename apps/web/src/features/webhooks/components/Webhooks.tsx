import {
  Accordion,
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconCopy, IconKey, IconPlus, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  webhookBody,
} from '@wop/shared/webhooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChainSelect } from '../../../components/ChainSelect.tsx';
import { ConfirmDelete } from '../../../components/ConfirmDelete.tsx';
import { DateTimeField } from '../../../components/DateTimeField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { SubmitRow } from '../../../components/FormLayout.tsx';
import { TitleBlock } from '../../../components/TitleBlock.tsx';
import { Warning } from '../../../components/Warning.tsx';
import { chainOptionsQueryOptions } from '../../../entities/chains.ts';
import { fromPickerValue, toPickerValue, useDateFormat } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import {
  deliveriesQueryOptions,
  useCreateWebhook,
  useDeleteWebhook,
  useRetryDelivery,
  useRetryFailed,
  useRotateSecret,
  useTestWebhook,
  useUpdateWebhook,
  webhooksQueryOptions,
} from '../api/webhooks.ts';

const labels = fieldLabels('webhooks', ['url', 'events', 'chain_id', 'description', 'since']);

interface Values {
  url: string;
  description: string;
  events: WebhookEvent[];
  chain_id: string | null;
}

const toBody = (values: Values, chainId: number | undefined) => ({
  url: values.url.trim(),
  events: values.events,
  description: values.description.trim() || undefined,
  chain_id: chainId ?? (values.chain_id ? Number(values.chain_id) : undefined),
});

/** The secret, answered once (at creation and at a rotation): shown until dismissed, with a copy button. */
function SecretShown({ secret, onDone }: { secret: string; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  return (
    <Warning icon={<IconKey size={18} aria-hidden />} title={t('secretTitle')} role="status">
      <Stack gap="xs">
        <Text size="sm">{t('secretOnce')}</Text>
        <Code data-testid="webhook-secret" style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {secret}
        </Code>
        <Group gap="xs">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button
                size="compact-sm"
                variant="default"
                onClick={copy}
                leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              >
                {copied ? t('copied') : t('copy')}
              </Button>
            )}
          </CopyButton>
          <Button size="compact-sm" variant="subtle" onClick={onDone}>
            {t('secretDone')}
          </Button>
        </Group>
      </Stack>
    </Warning>
  );
}

function CreateForm({ chainId, onCreated }: { chainId?: number; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhook();
  const chains = useQuery({ ...chainOptionsQueryOptions(), enabled: chainId === undefined });
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { url: 'https://', description: '', events: ['order.created', 'order.updated'], chain_id: null },
    validate: schemaResolver<Values>(webhookBody, labels, (values) => toBody(values, chainId)),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await create.mutateAsync(toBody(values, chainId));
      notifySuccess(answer);
      onCreated(answer.payload.secret);
    } catch (error) {
      setServerErrors(form, error, labels);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('fields.url')}
          description={t('urlHint')}
          withAsterisk
          inputMode="url"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('url')}
        />
        <TextInput label={t('fields.description')} autoComplete="off" {...form.getInputProps('description')} />
        {chainId === undefined && (
          <ChainSelect
            chains={chains.data?.data}
            label={t('fields.chain_id')}
            description={t('chainHint')}
            withAsterisk={false}
            clearable
            {...form.getInputProps('chain_id')}
          />
        )}
        <Checkbox.Group label={t('fields.events')} withAsterisk {...form.getInputProps('events')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} mt="xs" spacing="xs">
            {WEBHOOK_EVENTS.map((event) => (
              <Checkbox key={event} value={event} label={<Code>{event}</Code>} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <SubmitRow loading={create.isPending}>{t('create')}</SubmitRow>
      </Stack>
    </form>
  );
}

// Filled and dark: white text on them reads at AA contrast.
const statusColor: Record<WebhookDeliveryStatus, string> = { pending: 'gray.7', delivered: 'teal.9', failed: 'red.9' };

function DeliveryItem({ hookId, delivery }: { hookId: number; delivery: WebhookDelivery }) {
  const { t } = useTranslation('webhooks');
  const { dateTime } = useDateFormat();
  const retry = useRetryDelivery();
  return (
    <Accordion.Item value={String(delivery.id)}>
      <Accordion.Control>
        <Group gap="xs" wrap="wrap">
          <Badge color={statusColor[delivery.status]} variant="filled">
            {t(`status.${delivery.status}`)}
          </Badge>
          <Code>{delivery.type}</Code>
          <Text size="sm">{dateTime(delivery.created_at)}</Text>
          <Text size="sm" c="dimmed">
            {t('attempts', { count: delivery.attempt_log.length })}
          </Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="xs">
          <Text size="sm">
            {t('messageId')}: <Code>{delivery.msg_id}</Code>
          </Text>
          {delivery.next_attempt_at && delivery.attempt_log.length > 0 && (
            <Text size="sm">{t('nextAttempt', { at: dateTime(delivery.next_attempt_at) })}</Text>
          )}
          {/* The attempts scroll sideways on a phone; focusable, so the keyboard scrolls them too. */}
          {delivery.attempt_log.length > 0 && (
            <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('attemptsLabel')}>
              <Table striped miw={420}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('attempt.time')}</Table.Th>
                    <Table.Th>{t('attempt.status')}</Table.Th>
                    <Table.Th>{t('attempt.duration')}</Table.Th>
                    <Table.Th>{t('attempt.answer')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {delivery.attempt_log.map((attempt) => (
                    <Table.Tr key={attempt.id}>
                      <Table.Td>{dateTime(attempt.attempted_at)}</Table.Td>
                      <Table.Td>
                        {attempt.status_code ?? t(`error.${attempt.error}`, { defaultValue: attempt.error ?? '' })}
                      </Table.Td>
                      <Table.Td>{t('ms', { ms: attempt.duration_ms })}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{attempt.response ?? ''}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          )}
          <Code block style={{ maxHeight: 200, overflow: 'auto' }} tabIndex={0} aria-label={t('payload')}>
            {JSON.stringify(delivery.payload, null, 2)}
          </Code>
          {delivery.status !== 'pending' && (
            <Group>
              <Button
                size="compact-sm"
                variant="default"
                loading={retry.isPending}
                onClick={async () => notifySuccess(await retry.mutateAsync({ id: hookId, deliveryId: delivery.id }))}
              >
                {t('retry')}
              </Button>
            </Group>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

function Deliveries({ hook }: { hook: Webhook }) {
  const { t } = useTranslation('webhooks');
  const [status, setStatus] = useState<WebhookDeliveryStatus | 'all'>('all');
  const deliveries = useQuery(deliveriesQueryOptions(hook.id, status === 'all' ? null : status));
  const retryFailed = useRetryFailed();
  // A day back, on the wall clock every time is shown in (APP_TIMEZONE).
  const [since, setSince] = useState(() => toPickerValue(Date.now() - 24 * 3600_000) ?? '');
  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t('filter')}
        value={status}
        onChange={(value) => setStatus(value as WebhookDeliveryStatus | 'all')}
        data={[
          { value: 'all', label: t('status.all') },
          ...WEBHOOK_DELIVERY_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
        ]}
      />
      <Group align="flex-end" gap="xs" wrap="wrap">
        <DateTimeField withAsterisk label={t('fields.since')} value={since} onChange={setSince} />
        <Button
          variant="default"
          loading={retryFailed.isPending}
          disabled={!since}
          onClick={async () =>
            notifySuccess(await retryFailed.mutateAsync({ id: hook.id, since: fromPickerValue(since) as string }))
          }
        >
          {t('retryFailed')}
        </Button>
      </Group>
      {deliveries.data && deliveries.data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('noDeliveries')}
        </Text>
      )}
      <Accordion variant="separated" chevronPosition="left">
        {deliveries.data?.data.map((delivery) => (
          <DeliveryItem key={delivery.id} hookId={hook.id} delivery={delivery} />
        ))}
      </Accordion>
    </Stack>
  );
}

function WebhookCard({ hook, onSecret }: { hook: Webhook; onSecret: (secret: string) => void }) {
  const { t } = useTranslation('webhooks');
  const { dateTime } = useDateFormat();
  const [open, setOpen] = useState(false);
  const [removing, setRemoving] = useState(false);
  const update = useUpdateWebhook();
  const rotate = useRotateSecret();
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const titleId = `webhook-${hook.id}-title`;
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text id={titleId} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {hook.url}
          </Text>
          <Badge color={hook.enabled ? 'teal.9' : 'gray.7'} variant="filled" style={{ flexShrink: 0 }}>
            {hook.enabled ? t('on') : t('off')}
          </Badge>
        </Group>
        {hook.description && <Text size="sm">{hook.description}</Text>}
        {!hook.enabled && hook.disabled_reason && (
          <Alert color="red" variant="light" p="xs">
            {t(`disabled.${hook.disabled_reason}`)}
          </Alert>
        )}
        {hook.failing_since && hook.enabled && (
          <Text size="sm" c="red.8">
            {t('failingSince', { at: dateTime(hook.failing_since) })}
          </Text>
        )}
        {hook.previous_secret_until && (
          <Text size="sm" c="dimmed">
            {t('bothSecrets', { at: dateTime(hook.previous_secret_until) })}
          </Text>
        )}
        <Group gap={6} wrap="wrap">
          {hook.events.map((event) => (
            <Badge key={event} variant="outline" color="gray" tt="none">
              {event}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="compact-sm"
            leftSection={<IconSend size={14} aria-hidden />}
            loading={test.isPending}
            onClick={async () => {
              notifySuccess(await test.mutateAsync(hook.id));
              setOpen(true);
            }}
          >
            {t('test')}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setOpen((value) => !value)} aria-expanded={open}>
            {open ? t('hideDeliveries') : t('showDeliveries')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={rotate.isPending}
            onClick={async () => {
              const answer = await rotate.mutateAsync(hook.id);
              notifySuccess(answer);
              onSecret(answer.payload.secret);
            }}
          >
            {t('rotate')}
          </Button>
          <Button
            size="compact-sm"
            variant="default"
            loading={update.isPending}
            onClick={async () => notifySuccess(await update.mutateAsync({ id: hook.id, enabled: !hook.enabled }))}
          >
            {hook.enabled ? t('turnOff') : t('turnOn')}
          </Button>
          <Button size="compact-sm" variant="default" color="red" onClick={() => setRemoving(true)}>
            {t('common:actions.delete')}
          </Button>
        </Group>
        {open && <Deliveries hook={hook} />}
      </Stack>
      <ConfirmDelete
        opened={removing}
        onClose={() => setRemoving(false)}
        onConfirm={async () => notifySuccess(await remove.mutateAsync(hook.id))}
        name={hook.url}
      />
    </Card>
  );
}

/**
 * Webhooks: the addresses that hear of order events, signed by Standard Webhooks. `chainId`: those of one
 * chain (its tab), new ones on it; without, every webhook the caller manages.
 */
export function Webhooks({ chainId }: { chainId?: number }) {
  const { t } = useTranslation('webhooks');
  const hooks = useQuery(webhooksQueryOptions(chainId));
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack gap="md" component="section" aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-start">
        <div id="webhooks-title">
          <TitleBlock order={2} size="h3" title={t('title')}>
            {t('intro')}
          </TitleBlock>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('new')}
        </Button>
      </Group>
      {secret && <SecretShown secret={secret} onDone={() => setSecret(null)} />}
      {hooks.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('none')}
        </Text>
      )}
      {hooks.data?.map((hook) => (
        <WebhookCard key={hook.id} hook={hook} onSecret={setSecret} />
      ))}
      <FormDialog opened={creating} onClose={() => setCreating(false)} title={t('new')}>
        <CreateForm
          chainId={chainId}
          onCreated={(created) => {
            setCreating(false);
            setSecret(created);
          }}
        />
      </FormDialog>
    </Stack>
  );
}
