import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type GetInputPropsReturnType, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconCoin, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  COST_KINDS,
  type CostLineInput,
  type OrderCosts as Costs,
  costLineBody,
  nteBody,
  type Quote,
  quoteBody,
  quoteDecisionBody,
} from '@wop/shared/costs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { FormActions } from '../../../components/FormDialog.tsx';
import { useCan } from '../../../lib/current-user.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { type FieldLabels, fieldLabels, schemaResolver, setServerErrors } from '../../../lib/forms.ts';
import { formatAmount, formatMilli, fromMinor, toMilli, toMinor } from '../../../lib/money.ts';
import { useOnline } from '../../../lib/offline.ts';
import {
  orderCostsQueryOptions,
  useAddCostLine,
  useDecideQuote,
  useDeleteCostLine,
  useSetNte,
  useSubmitQuote,
} from '../api/costs.ts';

const labels: FieldLabels = fieldLabels('costs', [
  'kind',
  'description',
  'quantity',
  'unit_price',
  'valid_until',
  'note',
  'comment',
  'nte',
]);

interface LineValues {
  /** The line's React key in a list of lines. */
  key: string;
  kind: string | null;
  description: string;
  quantity: string;
  unit_price: string;
}
const emptyLine = (): LineValues => ({
  key: randomId(),
  kind: 'material',
  description: '',
  quantity: '1',
  unit_price: '',
});
/** The body of a line typed in major units ("1,5" h at "695,00"). */
const lineBody = (v: LineValues): CostLineInput => ({
  kind: (v.kind ?? undefined) as CostLineInput['kind'],
  description: v.description,
  quantity_milli: toMilli(v.quantity) ?? undefined,
  unit_price_minor: toMinor(v.unit_price) ?? undefined,
});
/** A body field's message on the form field that holds it. */
const LINE_FIELDS = { quantity_milli: 'quantity', unit_price_minor: 'unit_price' };

/** The cost against the NTE as a bar: its text says both amounts; red past the limit. */
function CostBar({ costs, lng }: { costs: Costs; lng: string }) {
  const { t } = useTranslation('costs');
  const { total, currency } = costs.cost;
  const over = total > costs.nte_minor;
  const percent = costs.nte_minor > 0 ? Math.min(100, (total / costs.nte_minor) * 100) : total > 0 ? 100 : 0;
  const text = t('ofNte', {
    cost: formatAmount(total, currency, lng),
    nte: formatAmount(costs.nte_minor, currency, lng),
  });
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {text}
        </Text>
        {over && <Badge color="#c92a2a">{t('overNte')}</Badge>}
      </Group>
      <Progress value={percent} color={over ? 'red' : percent > 85 ? 'orange' : 'teal'} size="lg" aria-label={text} />
    </Stack>
  );
}

/** The inputs of a line, on a form of lines (`prefix` `lines.0`) or of one. */
function LineFields({
  form,
  prefix,
}: {
  form: { getInputProps: (path: string) => GetInputPropsReturnType };
  prefix?: string;
}) {
  const { t } = useTranslation('costs');
  const name = (field: keyof LineValues) => (prefix ? `${prefix}.${field}` : field);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
      <Select
        label={t('fields.kind')}
        data={COST_KINDS.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
        allowDeselect={false}
        {...form.getInputProps(name('kind'))}
      />
      <TextInput label={t('fields.description')} withAsterisk {...form.getInputProps(name('description'))} />
      <TextInput label={t('fields.quantity')} inputMode="decimal" {...form.getInputProps(name('quantity'))} />
      <TextInput
        label={t('fields.unit_price')}
        inputMode="decimal"
        withAsterisk
        {...form.getInputProps(name('unit_price'))}
      />
    </SimpleGrid>
  );
}

function AddLine({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation('costs');
  const add = useAddCostLine(orderId);
  const form = useForm<LineValues>({
    mode: 'controlled',
    initialValues: emptyLine(),
    validate: schemaResolver(costLineBody, labels, lineBody, LINE_FIELDS),
  });
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await add.mutateAsync(lineBody(values)));
      form.reset();
      onDone();
    } catch (error) {
      if (
        setServerErrors(form, error, labels, { quantity_milli: ['quantity'], unit_price_minor: ['unit_price'] })
          .length === 0
      ) {
        notifyError(error);
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('addLine')}>
      <Stack gap="sm">
        <LineFields form={form} />
        <FormActions onCancel={onDone} saving={add.isPending} submitLabel={t('addLine')} />
      </Stack>
    </form>
  );
}

interface QuoteValues {
  lines: LineValues[];
  valid_until: string;
  note: string;
}
const inTwoWeeks = () => new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const quoteBodyOf = (v: QuoteValues) => ({ lines: v.lines.map(lineBody), valid_until: v.valid_until, note: v.note });

/** The technician's quote, phone-first: one line after another, then its validity and a note. */
function QuoteForm({ orderId, currency, onDone }: { orderId: number; currency: string; onDone: () => void }) {
  const { t, i18n } = useTranslation('costs');
  const submitQuote = useSubmitQuote(orderId);
  const form = useForm<QuoteValues>({
    mode: 'controlled',
    initialValues: { lines: [emptyLine()], valid_until: inTwoWeeks(), note: '' },
    validate: schemaResolver(quoteBody, labels, quoteBodyOf, {}),
  });
  const total = form.values.lines.reduce((sum, line) => {
    const q = toMilli(line.quantity);
    const p = toMinor(line.unit_price);
    return q && p ? sum + Math.round((q * p) / 1000) : sum;
  }, 0);
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(await submitQuote.mutateAsync(quoteBodyOf(values)));
      onDone();
    } catch (error) {
      if (setServerErrors(form, error, labels).length === 0) notifyError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t('quote.submit')}>
      <Stack gap="sm">
        {form.values.lines.map((line, index) => (
          <Card key={line.key} withBorder padding="sm">
            <Group justify="space-between" mb={4}>
              <Text size="sm" fw={600}>
                {t('quote.line', { n: index + 1 })}
              </Text>
              {form.values.lines.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('quote.removeLine', { n: index + 1 })}
                  onClick={() => form.removeListItem('lines', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
            <LineFields form={form} prefix={`lines.${index}`} />
          </Card>
        ))}
        {form.errors.lines && (
          <Text c="red" size="sm" role="alert">
            {form.errors.lines}
          </Text>
        )}
        <Button
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem('lines', emptyLine())}
        >
          {t('quote.addLine')}
        </Button>
        <DateField label={t('fields.valid_until')} withAsterisk {...form.getInputProps('valid_until')} />
        <Textarea label={t('fields.note')} autosize minRows={2} {...form.getInputProps('note')} />
        <Text size="sm" fw={600}>
          {t('quote.total', { total: formatAmount(total, currency, i18n.language) })}
        </Text>
        <FormActions onCancel={onDone} saving={submitQuote.isPending} submitLabel={t('quote.submit')} />
      </Stack>
    </form>
  );
}

function QuoteCard({ orderId, quote, lng }: { orderId: number; quote: Quote; lng: string }) {
  const { t } = useTranslation('costs');
  const mayDecide = useCan('quote:decide');
  const decide = useDecideQuote(orderId);
  const form = useForm({
    mode: 'controlled',
    initialValues: { comment: '' },
  });
  const send = async (decision: 'approved' | 'rejected') => {
    const body = { decision, comment: form.values.comment };
    const errors = schemaResolver(quoteDecisionBody, labels)(body);
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      notifySuccess(await decide.mutateAsync(body));
      form.reset();
    } catch (error) {
      if (setServerErrors(form, error, labels).length === 0) notifyError(error);
    }
  };
  // Dark enough for white text (WCAG AA), as the app's status badges.
  const color = quote.status === 'approved' ? '#237032' : quote.status === 'rejected' ? '#c92a2a' : '#1971c2';
  return (
    <Card withBorder padding="sm" data-testid="quote">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t('quote.title', { total: formatAmount(quote.total_minor, quote.currency, lng) })}</Text>
          <Badge color={color}>{t(`quote.status.${quote.status}`)}</Badge>
        </Group>
        {quote.escalated && quote.status === 'submitted' && (
          <Text size="sm" c="dimmed">
            {t('quote.escalated')}
          </Text>
        )}
        {quote.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a quote's lines are fixed once submitted
          <Group key={index} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{line.description}</Text>
            <Text size="sm">{formatAmount(line.amount_minor, quote.currency, lng)}</Text>
          </Group>
        ))}
        <Text size="xs" c="dimmed">
          {t('quote.validUntil', { date: quote.valid_until })}
          {quote.submitted_by && ` · ${quote.submitted_by.name}`}
        </Text>
        {quote.note && <Text size="sm">{quote.note}</Text>}
        {quote.decision_comment && (
          <Text size="sm" fs="italic">
            {quote.decided_by?.name}: {quote.decision_comment}
          </Text>
        )}
        {mayDecide && quote.status === 'submitted' && (
          <Stack gap="xs">
            <Textarea label={t('fields.comment')} autosize minRows={1} {...form.getInputProps('comment')} />
            <Group gap="xs" justify="flex-end">
              <Button color="red" variant="light" onClick={() => send('rejected')} loading={decide.isPending}>
                {t('quote.reject')}
              </Button>
              {quote.can_decide && (
                <Button color="green" onClick={() => send('approved')} loading={decide.isPending}>
                  {t('quote.approve')}
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function NteForm({ orderId, costs }: { orderId: number; costs: Costs }) {
  const { t } = useTranslation('costs');
  const setNte = useSetNte(orderId);
  const form = useForm({ mode: 'controlled', initialValues: { nte: fromMinor(costs.nte_minor) } });
  const submit = form.onSubmit(async ({ nte }) => {
    const errors = schemaResolver(nteBody, labels, () => ({ nte_minor: toMinor(nte) ?? undefined }), {
      nte_minor: 'nte',
    })({});
    if (Object.keys(errors).length) return form.setErrors(errors);
    try {
      notifySuccess(await setNte.mutateAsync(toMinor(nte)));
    } catch (error) {
      if (setServerErrors(form, error, labels, { nte_minor: ['nte'] }).length === 0) notifyError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <TextInput label={t('fields.nte')} inputMode="decimal" style={{ flex: 1 }} {...form.getInputProps('nte')} />
        <Button type="submit" variant="default" loading={setNte.isPending}>
          {t('saveNte')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * What the order's work costs: the cost against its not-to-exceed limit as a bar, its lines (the
 * technician and admins add them), the latest quote (submitted here, decided by the approvers) and,
 * for approvers, the limit itself.
 */
export function OrderCosts({ orderId }: { orderId: number }) {
  const { t, i18n } = useTranslation('costs');
  const lng = i18n.language;
  const costs = useQuery(orderCostsQueryOptions(orderId));
  const mayQuote = useCan('quote:submit');
  const maySetNte = useCan('order:set-nte');
  const remove = useDeleteCostLine(orderId);
  const [open, setOpen] = useState<'line' | 'quote' | null>(null);
  const online = useOnline();
  if (!costs.data) return null;
  const c = costs.data;
  const currency = c.cost.currency;
  const quoteOpen = c.quote?.status === 'submitted';

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="order-costs-title">
      <Stack gap="md">
        <Title order={3} size="h5" id="order-costs-title">
          <Group gap={6}>
            <IconCoin size={18} aria-hidden />
            {t('title')}
          </Group>
        </Title>
        <CostBar costs={c} lng={lng} />
        {c.invoice_id !== null && (
          <Alert color="gray" variant="light">
            {t('invoiced')}
          </Alert>
        )}
        {c.lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noLines')}
          </Text>
        ) : (
          <Stack gap={6} data-testid="cost-lines">
            {c.lines.map((line) => (
              <Group key={line.id} justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {line.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`kinds.${line.kind}`)} · {formatMilli(line.quantity_milli, lng)} ×{' '}
                    {formatAmount(line.unit_price_minor, currency, lng)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatAmount(line.amount_minor, currency, lng)}
                  </Text>
                  {c.can_edit && line.visit_id === null && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('removeLine', { description: line.description })}
                      onClick={() => remove.mutateAsync(line.id).then(notifySuccess, notifyError)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {open === 'line' && <AddLine orderId={orderId} onDone={() => setOpen(null)} />}
        {open === 'quote' && <QuoteForm orderId={orderId} currency={currency} onDone={() => setOpen(null)} />}
        {open === null && (c.can_edit || (mayQuote && !quoteOpen && c.invoice_id === null)) && (
          <Group gap="xs">
            {c.can_edit && (
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setOpen('line')}
                disabled={!online}
              >
                {t('addLine')}
              </Button>
            )}
            {mayQuote && !quoteOpen && c.invoice_id === null && (
              <Button variant="default" onClick={() => setOpen('quote')} disabled={!online}>
                {t('quote.submit')}
              </Button>
            )}
          </Group>
        )}
        {c.quote && <QuoteCard orderId={orderId} quote={c.quote} lng={lng} />}
        {maySetNte && c.invoice_id === null && <NteForm key={c.nte_minor} orderId={orderId} costs={c} />}
      </Stack>
    </Card>
  );
}
