/**
 * An invoice or credit note as an A4 PDF in the chain's language: seller and buyer, dates and payment,
 * one table row per line, the VAT per rate and the totals. pdfkit flushes each finished page to its
 * stream (pages are not buffered), and the lines are read in batches while the pages are drawn, so a
 * 40,000-line invoice is streamed rather than built in memory.
 */
import type { Locale } from '@wop/shared/constants';
import type { Invoice } from '@wop/shared/costs';
import { formatMoney, NUMBER_LOCALES, vatPercent } from '@wop/shared/money';
import PDFDocument from 'pdfkit';
import { translate } from '../../i18n/index.ts';
import type { Party, PeppolLine, Seller } from './peppol.ts';

const MARGIN = 50;
/** Bytes of drawn pages the stream may hold before the drawing waits for its reader. */
const BUFFER_MAX = 1 << 20;
const INK = '#1a1b1e';
const MUTED = '#495057';

/** Columns of the lines' table: x and width on an A4 page (595 pt wide). */
const COLS = {
  no: { x: MARGIN, w: 36 },
  order: { x: 88, w: 60 },
  text: { x: 150, w: 250 },
  date: { x: 402, w: 62 },
  amount: { x: 466, w: 79 },
};

export interface InvoicePdfInput {
  invoice: Invoice;
  seller: Seller;
  buyer: Party;
  credits: { number: number; issue_date: string } | null;
  lines: AsyncIterable<PeppolLine[]>;
  paymentDays: number;
}

/**
 * Starts drawing and answers the PDF stream at once; the document ends when the last line is drawn
 * (a failure while reading lines destroys the stream with that error).
 */
export function invoicePdf(input: InvoicePdfInput, locale: Locale): PDFKit.PDFDocument {
  const { invoice, seller, buyer, credits } = input;
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `invoices.pdf.${key}`, params);
  const dayFormat = new Intl.DateTimeFormat(NUMBER_LOCALES[locale], { dateStyle: 'short', timeZone: 'UTC' });
  const day = (iso: string | null) => (iso ? dayFormat.format(new Date(`${iso}T00:00:00Z`)) : '');
  // Intl writes a minus sign (U+2212), which the PDF's standard font (WinAnsi) lacks: a hyphen-minus instead.
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale).replace('\u2212', '-');
  const credit = invoice.kind === 'credit_note';
  const title = t(credit ? 'credit_note_title' : 'invoice_title', { number: invoice.number });

  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Author: seller.name || title } });
  const bottom = () => doc.page.height - MARGIN;

  const partyBlock = (heading: string, party: Party, x: number, y: number) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(heading, x, y, { width: 240 });
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(party.name || '–', { width: 240 });
    doc.font('Helvetica').fontSize(9);
    for (const line of party.address.lines) doc.text(line, { width: 240 });
    const city = [party.address.postalCode, party.address.city].filter(Boolean).join(' ');
    if (city) doc.text(city, { width: 240 });
    doc.text(t(`country_${party.address.country}`), { width: 240 });
    if (party.orgNumber) doc.text(`${t('org_number')}: ${party.orgNumber}`, { width: 240 });
    if (party.vatId) doc.text(`${t('vat_id')}: ${party.vatId}`, { width: 240 });
    if (party.peppolId) doc.text(`Peppol: ${party.peppolId}`, { width: 240 });
    if (party.contact) doc.text(`${t('reference')}: ${party.contact}`, { width: 240 });
    if (party.email) doc.text(party.email, { width: 240 });
    return doc.y;
  };

  const facts = (rows: [string, string][], x: number, y: number) => {
    doc.y = y;
    for (const [label, value] of rows) {
      const top = doc.y;
      doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(label, x, top, { width: 110 });
      doc
        .font('Helvetica')
        .fillColor(INK)
        .text(value, x + 112, top, { width: 160 });
    }
    return doc.y;
  };

  const tableHead = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    doc.text(t('col_no'), COLS.no.x, y, { width: COLS.no.w });
    doc.text(t('col_order'), COLS.order.x, y, { width: COLS.order.w });
    doc.text(t('col_description'), COLS.text.x, y, { width: COLS.text.w });
    doc.text(t('col_completed'), COLS.date.x, y, { width: COLS.date.w });
    doc.text(t('col_amount'), COLS.amount.x, y, { width: COLS.amount.w, align: 'right' });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(doc.page.width - MARGIN, doc.y + 2)
      .strokeColor('#ced4da')
      .stroke();
    doc.y += 5;
  };

  const newPage = () => {
    doc.addPage();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(`${title} – ${buyer.name}`, MARGIN, MARGIN);
    doc.moveDown(0.5);
    tableHead();
  };

  // The head: title, seller and buyer, the invoice's facts.
  doc.font('Helvetica-Bold').fontSize(20).fillColor(INK).text(title, MARGIN, MARGIN);
  if (credits) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(t('credits_invoice', { number: credits.number, date: day(credits.issue_date) }));
  }
  const top = doc.y + 12;
  const left = partyBlock(t('seller'), seller, MARGIN, top);
  const right = partyBlock(t('buyer'), buyer, 305, top);
  const factsRows: [string, string][] = [
    [t('number'), String(invoice.number)],
    [t('issue_date'), day(invoice.issue_date)],
    ...(credit ? [] : ([[t('due_date'), day(invoice.due_date)]] as [string, string][])),
    [t('period'), `${day(invoice.period_from)} – ${day(invoice.period_to)}`],
    [t('currency'), invoice.currency],
  ];
  if (!credit) factsRows.push([t('terms'), t('terms_days', { days: input.paymentDays })]);
  const factsEnd = facts(factsRows, MARGIN, Math.max(left, right) + 14);
  doc.y = factsEnd + 14;
  tableHead();

  void (async () => {
    try {
      for await (const batch of input.lines) {
        // A reader that left ends the drawing; a slow one is waited for (pdfkit does not wait itself).
        while (doc.readableLength > BUFFER_MAX && !doc.destroyed) await new Promise((r) => setTimeout(r, 5));
        if (doc.destroyed) return;
        for (const line of batch) {
          doc.font('Helvetica').fontSize(8);
          const height = doc.heightOfString(line.description, { width: COLS.text.w });
          if (doc.y + height > bottom()) newPage();
          const y = doc.y;
          doc.font('Helvetica').fontSize(8).fillColor(INK);
          doc.text(String(line.line_no), COLS.no.x, y, { width: COLS.no.w });
          doc.text(String(line.project_number), COLS.order.x, y, { width: COLS.order.w });
          doc.text(day(line.completed_on), COLS.date.x, y, { width: COLS.date.w });
          doc.text(money(line.net_minor), COLS.amount.x, y, { width: COLS.amount.w, align: 'right' });
          doc.text(line.description, COLS.text.x, y, { width: COLS.text.w });
          doc.y = Math.max(doc.y, y + 10) + 2;
        }
      }

      // VAT per rate and the totals, kept together on one page.
      const needed = 60 + 14 * (invoice.vat_breakdown.length + 4) + (seller.iban ? 50 : 0);
      if (doc.y + needed > bottom()) doc.addPage();
      doc.y += 10;
      const sumRow = (label: string, value: string, bold = false) => {
        const y = doc.y;
        doc
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(bold ? 11 : 9)
          .fillColor(INK);
        doc.text(label, 305, y, { width: 150 });
        doc.text(value, 455, y, { width: 90, align: 'right' });
        doc.y = Math.max(doc.y, y) + 3;
      };
      for (const group of invoice.vat_breakdown) {
        sumRow(
          t('vat_row', {
            rate: vatPercent(group.vat_bp).replace('.', locale === 'en' ? '.' : ','),
            base: money(group.taxable_minor),
          }),
          money(group.vat_minor),
        );
      }
      sumRow(t('net'), money(invoice.net_minor));
      sumRow(t('vat'), money(invoice.vat_minor));
      sumRow(t(credit ? 'total_credit' : 'total'), money(invoice.total_minor), true);

      if (seller.iban && !credit) {
        doc.y += 12;
        doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED).text(t('payment'), MARGIN, doc.y);
        doc.font('Helvetica').fillColor(INK);
        doc.text(`IBAN: ${seller.iban}${seller.bic ? `   BIC: ${seller.bic}` : ''}`);
        doc.text(`${t('payment_reference')}: ${invoice.number}`);
      }
      doc.end();
    } catch (error) {
      doc.destroy(error as Error);
    }
  })();
  return doc;
}
