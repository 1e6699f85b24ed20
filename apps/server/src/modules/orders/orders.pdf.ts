import type { Locale } from '@wop/shared/constants';
import { formatMoney } from '@wop/shared/money';
import { type HistoryWords, historyLine } from '@wop/shared/order-history';
import type { OrderDetail } from '@wop/shared/orders';
import PDFDocument from 'pdfkit';
import { translate } from '../../i18n/index.ts';

const INTL: Record<Locale, string> = { en: 'en-GB', sv: 'sv-SE', fi: 'fi-FI' };

/**
 * The order as an A4 PDF. pdfkit's built-in Helvetica writes WinAnsi text, which covers å ä ö
 * (and the other Nordic letters), so no font file is needed.
 */
export function orderPdf(order: OrderDetail, locale: Locale, timeZone: string): Promise<Buffer> {
  const t = (key: string, params?: Record<string, string | number>) => translate(locale, `orders.pdf.${key}`, params);
  const format = new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const date = (value: string | null) => (value ? format.format(new Date(value)) : t('none'));

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: t('title', { number: order.project_number }), Author: 'Work-order portal' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1a1b1e').text(text);
    doc.moveDown(0.2);
  };
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor('#495057').text(`${label}: `, { continued: true });
    doc
      .font('Helvetica')
      .fillColor('#1a1b1e')
      .text(value || t('none'));
  };

  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(t('title', { number: order.project_number }));
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#868e96')
    .text(t('generated', { at: date(new Date().toISOString()) }));

  heading(t('summary'));
  row(t('work_type'), order.worktype_label);
  row(t('priority'), `${order.priority} – ${order.priority_label}`);
  row(t('status'), order.status_label);
  row(t('approval'), order.approval_status_label);
  row(t('technician'), order.technician_name ?? t('none'));
  if (order.asset) {
    const warranty = order.asset.under_warranty ? ` (${t('under_warranty')})` : '';
    row(t('asset'), `${order.asset.name}, ${order.asset.tag}${warranty}`);
  }
  if (order.plan) row(t('plan'), order.plan.title);
  doc.moveDown(0.3);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor('#495057')
    .text(`${t('description')}:`);
  doc.font('Helvetica').fillColor('#1a1b1e').text(order.description);
  if (order.resolution) {
    doc.moveDown(0.3);
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor('#495057')
      .text(`${t('resolution')}:`);
    doc.font('Helvetica').fillColor('#1a1b1e').text(order.resolution);
  }

  heading(t('store'));
  row(t('store'), order.store.store_name);
  row(t('chain'), order.chain.chain_name);
  if (order.region) row(t('region'), order.region.region_name);
  row(t('address'), order.store.invoice_address);
  row(t('phone'), order.store.phone);
  row(t('orderer'), order.orderer?.name ?? t('none'));

  heading(t('dates'));
  row(t('created_at'), date(order.created_at));
  row(t('due_at'), `${date(order.due_at)}${order.overdue ? ` (${t('overdue')})` : ''}`);
  if (order.approval_status_date) row(t('approval_date'), date(order.approval_status_date));
  if (order.planned_at) row(t('planned_at'), date(order.planned_at));
  if (order.completed_at) row(t('completed_at'), date(order.completed_at));

  heading(t('attachments'));
  if (order.documents.length === 0) doc.font('Helvetica').fontSize(10).text(t('no_attachments'));
  for (const file of order.documents) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`• ${file.name} (${Math.max(1, Math.round(file.size / 1024))} KB, ${date(file.created_at)})`);
  }

  heading(t('history'));
  const words: HistoryWords = {
    text: (key, params) => translate(locale, `orders.history.${key}`, params),
    dateTime: (value) => date(value),
    // The answer's labels are in the reader's language already.
    value: (field, raw, label) =>
      field === 'nte_minor' ? formatMoney(Number(raw), order.cost.currency, locale) : (label ?? raw),
  };
  for (const entry of order.history) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor('#1a1b1e')
      .text(`• ${historyLine(entry, words)}`);
    doc
      .fontSize(8)
      .fillColor('#868e96')
      .text(`${entry.user?.name ?? t('someone')}, ${date(entry.at)}`, { indent: 9 });
  }
  doc.end();
  return done;
}
