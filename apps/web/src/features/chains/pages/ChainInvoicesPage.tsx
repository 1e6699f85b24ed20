import { Anchor, Badge, Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '@wop/shared/api';
import { type Invoice, invoiceBody } from '@wop/shared/costs';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { ExportButton } from '../../../components/ExportButton.tsx';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { StripedTable } from '../../../components/StripedTable.tsx';
import { api } from '../../../lib/api.ts';
import { useCan } from '../../../lib/current-user.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { fieldLabels, saveOnSubmit, schemaResolver } from '../../../lib/forms.ts';
import { formatAmount } from '../../../lib/money.ts';

const INVOICES_KEY = ['invoices'] as const;
const labels = fieldLabels('chains', ['from', 'to'], { chain_id: 'chains:fields.chain_name' });

/** The first and last day of last month, as an accountant invoices a month. */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/**
 * /chains/{id}/invoices: the chain's invoices and credit notes, newest first; admins invoice a period
 * (its completed, uninvoiced orders) and credit an invoice.
 */
export function ChainInvoicesPage() {
  const { t, i18n } = useTranslation('chains');
  const chainId = Number(useParams().chainId);
  const mayIssue = useCan('invoice:issue');
  const queryClient = useQueryClient();
  const invoices = useQuery({
    queryKey: [...INVOICES_KEY, chainId],
    queryFn: async ({ signal }) =>
      (await api.get<Page<Invoice>>('/invoices', { chain_id: chainId, limit: 100 }, signal)).payload,
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: INVOICES_KEY });
  const issue = useMutation({
    mutationFn: (body: { from: string; to: string }) => api.post<Invoice>('/invoices', { chain_id: chainId, ...body }),
    onSuccess: reload,
  });
  const credit = useMutation({
    mutationFn: (id: number) => api.post<Invoice>(`/invoices/${id}/credit`),
    onSuccess: reload,
  });
  const form = useForm({
    mode: 'controlled',
    initialValues: lastMonth(),
    validate: schemaResolver(invoiceBody, labels, (v: { from: string; to: string }) => ({ chain_id: chainId, ...v })),
  });
  const submit = saveOnSubmit(form, labels, (values) => issue.mutateAsync(values), { keepValues: true });
  const lng = i18n.language;

  return (
    <SectionCard id="chain-invoices-title" title={t('invoices.title')} intro={t('invoices.intro')}>
      {mayIssue && (
        <form onSubmit={submit} noValidate aria-label={t('invoices.issue')}>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ alignItems: 'end' }}>
            <DateField label={t('fields.from')} withAsterisk {...form.getInputProps('from')} />
            <DateField label={t('fields.to')} withAsterisk {...form.getInputProps('to')} />
            <Button type="submit" loading={issue.isPending}>
              {t('invoices.issue')}
            </Button>
          </SimpleGrid>
        </form>
      )}
      {invoices.data && invoices.data.data.length === 0 && <Text c="dimmed">{t('invoices.none')}</Text>}
      {invoices.data && invoices.data.data.length > 0 && (
        <Group gap="xs">
          <ExportButton type="InvoicesExport" filters={{ chain_id: chainId }} />
          <ExportButton type="InvoicesExport" filters={{ chain_id: chainId }} format="csv" />
        </Group>
      )}
      {invoices.data && invoices.data.data.length > 0 && (
        <StripedTable
          labelledBy="chain-invoices-title"
          minWidth={560}
          rows={invoices.data.data}
          rowKey={(invoice) => invoice.id}
          columns={[
            {
              header: t('invoices.number'),
              cell: (invoice) => (
                <Group gap={6} wrap="nowrap">
                  <Anchor
                    component={Link}
                    to={`/chains/${chainId}/invoices/${invoice.id}`}
                    aria-label={t('invoice.open', { number: invoice.number })}
                  >
                    {invoice.number}
                  </Anchor>
                  {invoice.kind === 'credit_note' && <Badge color="#495057">{t('invoices.creditNote')}</Badge>}
                  {invoice.credited_by_id !== null && <Badge color="#c2410c">{t('invoices.credited')}</Badge>}
                </Group>
              ),
            },
            {
              header: t('invoices.period'),
              nowrap: true,
              cell: (invoice) => `${invoice.period_from} – ${invoice.period_to}`,
            },
            { header: t('invoices.orders'), right: true, cell: (invoice) => invoice.lines_count },
            {
              header: t('invoices.total'),
              right: true,
              nowrap: true,
              cell: (invoice) => formatAmount(invoice.total_minor, invoice.currency, lng),
            },
            mayIssue && {
              header: null,
              right: true,
              cell: (invoice) =>
                invoice.kind === 'invoice' &&
                invoice.credited_by_id === null && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={t('invoices.creditOne', { number: invoice.number })}
                    onClick={() => credit.mutateAsync(invoice.id).then(notifySuccess, notifyError)}
                  >
                    {t('invoices.credit')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </SectionCard>
  );
}
