import { Anchor, Badge, Button, Card, Group, Pagination, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconFileCode, IconFileTypePdf } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Invoice, InvoiceDetail } from '@wop/shared/costs';
import { vatPercent } from '@wop/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { StripedTable } from '../../../components/StripedTable.tsx';
import { TitleBlock } from '../../../components/TitleBlock.tsx';
import { api, openDownload } from '../../../lib/api.ts';
import { useCan } from '../../../lib/current-user.ts';
import { notifyError, notifySuccess } from '../../../lib/errors.ts';
import { formatAmount } from '../../../lib/money.ts';

/** Lines asked for per page of the lines' table (an invoice of a month may hold tens of thousands). */
const LINES_PER_PAGE = 50;

const percent = (vatBp: number, lng: string) => {
  const text = vatPercent(vatBp);
  return `${lng === 'en' ? text : text.replace('.', ',')} %`;
};

const dayOf = (iso: string | null, lng: string) =>
  iso
    ? new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : lng === 'fi' ? 'fi-FI' : 'en-GB', {
        dateStyle: 'medium',
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`))
    : '–';

/**
 * /chains/{id}/invoices/{invoiceId}: an invoice or credit note as the chain's controller reads it: its
 * facts, the VAT per rate and the totals, its lines (one per order, linked), the credit note that
 * reverses it; its PDF and Peppol XML to download; admins credit it from here.
 */
export function InvoicePage() {
  const { t, i18n } = useTranslation('chains');
  const lng = i18n.language;
  const { chainId, invoiceId } = useParams();
  const navigate = useNavigate();
  const mayIssue = useCan('invoice:issue');
  const queryClient = useQueryClient();
  // The page of lines belongs to the invoice on screen: another invoice (its credit note) opens at page 1.
  const [paging, setPaging] = useState({ invoiceId, page: 1 });
  const page = paging.invoiceId === invoiceId ? paging.page : 1;
  const setPage = (next: number) => setPaging({ invoiceId, page: next });
  const invoice = useQuery({
    queryKey: ['invoices', 'detail', Number(invoiceId), page],
    queryFn: async ({ signal }) =>
      (await api.get<InvoiceDetail>(`/invoices/${invoiceId}`, { page, limit: LINES_PER_PAGE }, signal)).payload,
    // The facts and totals stay on screen while the next page of lines loads (not while another invoice does).
    placeholderData: (previous) => (previous?.id === Number(invoiceId) ? previous : undefined),
  });
  const credit = useMutation({
    mutationFn: (id: number) => api.post<Invoice>(`/invoices/${id}/credit`),
    onSuccess: async (answer) => {
      notifySuccess(answer);
      await queryClient.invalidateQueries({ queryKey: ['invoices'] });
      navigate(`/chains/${chainId}/invoices/${answer.payload.id}`);
    },
    onError: notifyError,
  });
  const download = (kind: 'pdf' | 'peppol') => openDownload(`/invoices/${invoiceId}/${kind}`).catch(notifyError);
  const base = `/chains/${chainId}/invoices`;

  const back = (
    <Anchor component={Link} to={base} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        {t('invoice.back')}
      </Group>
    </Anchor>
  );
  if (invoice.isError) {
    return (
      <Card withBorder padding="lg" radius="md">
        <Stack>
          {back}
          <Text>{t('invoice.notFound')}</Text>
        </Stack>
      </Card>
    );
  }
  const data = invoice.data;
  if (!data) return null;
  const creditNote = data.kind === 'credit_note';
  const money = (minor: number) => formatAmount(minor, data.currency, lng);
  const facts: [string, React.ReactNode][] = [
    [t('invoice.chain'), data.chain_name],
    [t('invoices.period'), `${dayOf(data.period_from, lng)} – ${dayOf(data.period_to, lng)}`],
    [t('invoice.issueDate'), dayOf(data.issue_date, lng)],
    ...(creditNote ? [] : ([[t('invoice.dueDate'), dayOf(data.due_date, lng)]] as [string, string][])),
    [t('invoice.currency'), data.currency],
    [t('invoice.issuedBy'), data.issued_by?.name ?? '–'],
  ];

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="invoice-title">
      <Stack gap="lg">
        {back}
        <div id="invoice-title">
          <TitleBlock
            order={2}
            size="h3"
            title={t(creditNote ? 'invoice.creditNoteTitle' : 'invoice.title', { number: data.number })}
          >
            {data.credits_invoice_id !== null && (
              <Anchor component={Link} to={`${base}/${data.credits_invoice_id}`}>
                {t('invoice.credits', { number: data.credits_number })}
              </Anchor>
            )}
          </TitleBlock>
        </div>
        {data.credited_by_id !== null && (
          <Group gap="xs">
            <Badge color="#c2410c">{t('invoices.credited')}</Badge>
            <Anchor component={Link} to={`${base}/${data.credited_by_id}`}>
              {t('invoice.creditedBy', { number: data.credited_by_number })}
            </Anchor>
          </Group>
        )}
        <Group gap="sm">
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={18} aria-hidden />}
            onClick={() => download('pdf')}
          >
            {t('invoice.pdf')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileCode size={18} aria-hidden />}
            onClick={() => download('peppol')}
          >
            {t('invoice.peppol')}
          </Button>
          {mayIssue && !creditNote && data.credited_by_id === null && (
            <Button color="red.9" variant="outline" loading={credit.isPending} onClick={() => credit.mutate(data.id)}>
              {t('invoice.credit')}
            </Button>
          )}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}>
            {facts.map(([label, value]) => (
              <div key={label} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" fw={600} c="#495057">
                  {label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {value}
                </Text>
              </div>
            ))}
          </dl>
          <Table aria-label={t('invoice.totals')} verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoice.vatRate')}</Table.Th>
                <Table.Th ta="right">{t('invoice.taxable')}</Table.Th>
                <Table.Th ta="right">{t('invoice.vat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.vat_breakdown.map((group) => (
                <Table.Tr key={group.vat_bp}>
                  <Table.Td>{percent(group.vat_bp, lng)}</Table.Td>
                  <Table.Td ta="right">{money(group.taxable_minor)}</Table.Td>
                  <Table.Td ta="right">{money(group.vat_minor)}</Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Th scope="row">{t('invoice.net')}</Table.Th>
                <Table.Td />
                <Table.Td ta="right">{money(data.net_minor)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t('invoice.vat')}</Table.Th>
                <Table.Td />
                <Table.Td ta="right">{money(data.vat_minor)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">{t(creditNote ? 'invoice.totalCredited' : 'invoice.total')}</Table.Th>
                <Table.Td />
                <Table.Td ta="right" fw={700}>
                  {money(data.total_minor)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </SimpleGrid>

        <Stack gap="xs">
          <Text component="h3" fw={700} size="md" m={0} id="invoice-lines-title">
            {t('invoice.lines', { count: data.lines_count })}
          </Text>
          <StripedTable
            labelledBy="invoice-lines-title"
            minWidth={520}
            rows={data.lines.data}
            rowKey={(line) => line.line_no}
            columns={[
              { header: t('invoice.line'), cell: (line) => line.line_no },
              {
                header: t('invoice.order'),
                cell: (line) => (
                  <Anchor component={Link} to={`/chains/${chainId}/orders/${line.order_id}`}>
                    {line.project_number}
                  </Anchor>
                ),
              },
              { header: t('invoice.description'), cell: (line) => line.description },
              { header: t('invoice.completed'), nowrap: true, cell: (line) => dayOf(line.completed_on, lng) },
              { header: t('invoice.amount'), right: true, nowrap: true, cell: (line) => money(line.net_minor) },
            ]}
          />
          {data.lines.last_page > 1 && (
            <Pagination
              total={data.lines.last_page}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`invoice.page_${control}`) })}
              getItemProps={(n) => ({ 'aria-label': t('invoice.pageN', { page: n }) })}
            />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
