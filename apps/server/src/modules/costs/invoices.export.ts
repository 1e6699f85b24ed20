import { translate } from '../../i18n/index.ts';
import { allPages, type ExportSource } from '../../lib/export-source.ts';
import { createInvoicesService } from './invoices.service.ts';

/**
 * `InvoicesExport`: the invoices and credit notes in scope, as the invoice list filters them. Amounts
 * are integers of minor units (öre, cents) beside their currency, as in the API: a spreadsheet sums them
 * exactly, and a credit note's are negative.
 */
export const invoicesExport: ExportSource<'InvoicesExport'> = {
  permission: 'export:invoices',
  sheet: 'invoices',
  file: 'invoices',
  columns: [
    'invoice_number',
    'invoice_kind',
    'credits_invoice',
    'chain',
    'issue_date',
    'due_date',
    'period_from',
    'period_to',
    'currency',
    'net_minor',
    'vat_minor',
    'total_minor',
    'lines_count',
    'issued_by',
    'created_at',
  ],
  rows(ctx, query) {
    const invoices = createInvoicesService(ctx.db, ctx.timezone);
    return allPages(
      query,
      async (page) => (await invoices.list(ctx.user, page)).data,
      (invoice) => [
        invoice.number,
        translate(ctx.locale, `exports.invoice_kind.${invoice.kind}`),
        invoice.credits_number,
        invoice.chain_name,
        invoice.issue_date,
        invoice.kind === 'credit_note' ? null : invoice.due_date,
        invoice.period_from,
        invoice.period_to,
        invoice.currency,
        invoice.net_minor,
        invoice.vat_minor,
        invoice.total_minor,
        invoice.lines_count,
        invoice.issued_by?.name,
        ctx.date(invoice.created_at),
      ],
    );
  },
};
