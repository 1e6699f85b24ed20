import { formatMoney, vatOf } from '@wop/shared/money';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';
import { bookCosts, invoicePeriod, sqlOf } from '../../test/costs.ts';
import { pdfText } from '../../test/pdf.ts';
import { SELLER_ENV } from '../../test/seller.ts';
import { ublFailures } from '../../test/ubl-check.ts';
import { splitAddress } from './peppol.ts';

const app = await createTestApp(SELLER_ENV);
const query = sqlOf(app);

async function issue(chainId: number, amount: number, as: 'admin' | 'superAdmin' = 'admin') {
  await bookCosts(app, chainId, amount);
  const res = await call(app, 'POST', '/api/invoices', { as, payload: { chain_id: chainId, ...invoicePeriod } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as {
    id: number;
    number: number;
    net_minor: number;
    vat_minor: number;
    total_minor: number;
  };
}

const peppol = (id: number, as: 'admin' | 'chainAdmin' | 'chainAdmin2' | 'store' = 'admin') =>
  call(app, 'GET', `/api/invoices/${id}/peppol`, { as });

/** The text of the first element of that name. */
const value = (xml: string, tag: string) => xml.match(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`))?.[1];

describe('Peppol BIS Billing 3.0 invoices', () => {
  it('an invoice in SEK at 25 %: valid UBL 2.1, totals the sum of its lines, seller and buyer filled in', async () => {
    const invoice = await issue(1, 123_456);
    const res = await peppol(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`invoice-${invoice.number}.xml`);
    const xml = res.body;
    expect(ublFailures(xml, 'SEK')).toEqual([]);
    expect(value(xml, 'cbc:ID')).toBe(String(invoice.number));
    expect(value(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(value(xml, 'cbc:DocumentCurrencyCode')).toBe('SEK');
    expect(xml).toContain('<cbc:EndpointID schemeID="0007">5566778899</cbc:EndpointID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="0007">5560000001</cbc:EndpointID>');
    expect(xml).toContain('<cbc:CompanyID>SE556000000101</cbc:CompanyID>');
    expect(xml).toContain('<cbc:StreetName>Box 1234</cbc:StreetName><cbc:CityName>Stockholm</cbc:CityName>');
    expect(xml).toContain('<cbc:ID>SE4550000000058398257466</cbc:ID>');
    expect(xml).toContain('<cbc:Note>Betalning inom 30 dagar netto.</cbc:Note>');
    expect(xml).toContain(
      `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="SEK">${(invoice.net_minor / 100).toFixed(2)}</cbc:TaxableAmount>` +
        `<cbc:TaxAmount currencyID="SEK">${(vatOf(invoice.net_minor, 2500) / 100).toFixed(2)}</cbc:TaxAmount>` +
        '<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent>',
    );
    const [{ lines }] = await query<{ lines: number }>(
      'select count(*)::int as lines from invoice_lines where invoice_id = $1',
      [invoice.id],
    );
    expect(xml.match(/<cac:InvoiceLine>/g)).toHaveLength(lines);
    expect(value(xml, 'cbc:PayableAmount')).toBe((invoice.total_minor / 100).toFixed(2));
  }, 120_000);

  it('in EUR at 25.5 %, and its credit note with positive amounts that refers to it', async () => {
    const invoice = await issue(2, 9_999);
    const xml = (await peppol(invoice.id, 'chainAdmin2')).body;
    expect(ublFailures(xml, 'EUR')).toEqual([]);
    expect(xml).toContain('<cbc:Percent>25.5</cbc:Percent>');
    expect(xml).toContain('<cbc:EndpointID schemeID="0216">003712345671</cbc:EndpointID>');
    expect(xml).toContain('<cbc:PostalZone>00100</cbc:PostalZone>');
    expect(xml).toContain('<cbc:Note>Maksuehto 30 päivää netto.</cbc:Note>');

    const credit = await call(app, 'POST', `/api/invoices/${invoice.id}/credit`, { as: 'admin' });
    expect(credit.statusCode).toBe(201);
    const note = await peppol(credit.json().payload.id, 'chainAdmin2');
    expect(note.statusCode).toBe(200);
    expect(note.headers['content-disposition']).toContain(`credit-note-${credit.json().payload.number}.xml`);
    expect(ublFailures(note.body, 'EUR')).toEqual([]);
    expect(note.body).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(value(note.body, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(note.body).toContain(
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${invoice.number}</cbc:ID>`,
    );
    expect(value(note.body, 'cbc:PayableAmount')).toBe((invoice.total_minor / 100).toFixed(2));
    expect(note.body).not.toContain('>-');
  });

  it('at 0 % VAT: zero rated (Z) with no tax', async () => {
    await query("update chains set vat_bp = 0, peppol_id = '0007:5560000003' where id = 3");
    const invoice = await issue(3, 45_000);
    expect(invoice.vat_minor).toBe(0);
    const res = await peppol(invoice.id);
    expect(res.statusCode, res.body).toBe(200);
    const xml = res.body;
    expect(ublFailures(xml)).toEqual([]);
    expect(xml).toContain('<cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent>');
  });

  it('the checks catch a document that breaks the rules', async () => {
    const [{ id }] = await query<{ id: number }>(
      "select id from invoices where chain_id = 1 and kind = 'invoice' order by id limit 1",
    );
    const xml = (await peppol(id)).body;
    // A total that is not the sum of its lines, a VAT amount off by a cent, elements out of order.
    const payable = value(xml, 'cbc:PayableAmount') as string;
    expect(ublFailures(xml.replace(`>${payable}</cbc:PayableAmount>`, '>1.00</cbc:PayableAmount>'))).toEqual([
      'BR-CO-16',
    ]);
    const tax = value(xml, 'cbc:TaxAmount') as string;
    const offByOne = (Number(tax.replace('.', '')) + 1).toString().replace(/(\d{2})$/, '.$1');
    expect(ublFailures(xml.replaceAll(`>${tax}</cbc:TaxAmount>`, `>${offByOne}</cbc:TaxAmount>`))).toEqual([
      'BR-CO-15',
      'BR-CO-17',
    ]);
    const swapped = xml.replace(/(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)(<cbc:DueDate>[^<]*<\/cbc:DueDate>)/, '$2$1');
    expect(ublFailures(swapped)).toEqual(['UBL-ORDER:Invoice/IssueDate']);
    expect(ublFailures(xml.replace('<cbc:ProfileID>', '<cbc:ProfileId>'))).toContain('XML-WELLFORMED');
    expect(ublFailures(xml.replace(/<cbc:EndpointID schemeID="0007">5560000001<\/cbc:EndpointID>/, ''))).toEqual([
      'PEPPOL-EN16931-R010',
    ]);
  });

  it("is read by the chain's chain-admins and admins only", async () => {
    const [{ id }] = await query<{ id: number }>(
      "select id from invoices where chain_id = 2 and kind = 'invoice' order by id limit 1",
    );
    expect((await peppol(id, 'chainAdmin')).statusCode).toBe(404);
    expect((await peppol(id, 'store')).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/invoices/${id}/peppol`)).statusCode).toBe(401);
    expect((await peppol(999_999)).statusCode).toBe(404);
  });

  it("answers 409 while the chain has no Peppol ID, and takes the chain's once it is set", async () => {
    // An invoice of chain 1 issued while it had no Peppol ID (its first invoice credited, to free its orders).
    const [first] = await query<{ id: number }>(
      "select id from invoices where chain_id = 1 and kind = 'invoice' order by id limit 1",
    );
    expect((await call(app, 'POST', `/api/invoices/${first.id}/credit`, { as: 'admin' })).statusCode).toBe(201);
    await query('update chains set peppol_id = null, vat_id = null where id = 1');
    const invoice = await issue(1, 777);
    const res = await call(app, 'GET', `/api/invoices/${invoice.id}/peppol`, { as: 'admin', lang: 'sv' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Peppol-ID');
    await query("update chains set peppol_id = '0007:5560000001', vat_id = 'SE556000000101' where id = 1");
    const later = await peppol(invoice.id);
    expect(later.statusCode).toBe(200);
    expect(ublFailures(later.body, 'SEK')).toEqual([]);
  });

  it('answers 409 naming the settings when the seller is not configured', async () => {
    const bare = await createTestApp();
    await bare.database.pool.query(
      `update order_costs set material_minor = 1000 where order_id in (
         select o.id from orders o join order_statuses s on s.id = o.status_id where o.chain_id = 1 and s.slug = 'completed')`,
    );
    const issued = await call(bare, 'POST', '/api/invoices', {
      as: 'admin',
      payload: { chain_id: 1, ...invoicePeriod },
    });
    expect(issued.statusCode).toBe(201);
    const res = await call(bare, 'GET', `/api/invoices/${issued.json().payload.id}/peppol`, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('SELLER_NAME, SELLER_VAT_ID, SELLER_PEPPOL_ID');
  }, 120_000);
});

describe('invoice PDFs', () => {
  it("are in the chain's language: a Swedish invoice with seller, buyer, lines, VAT and what to pay", async () => {
    const [invoice] = await query<{
      id: number;
      number: number;
      total_minor: number;
      vat_minor: number;
      net_minor: number;
    }>(
      "select id, number, total_minor, vat_minor, net_minor from invoices where chain_id = 1 and kind = 'invoice' order by id desc limit 1",
    );
    const res = await call(app, 'GET', `/api/invoices/${invoice.id}/pdf`, { as: 'chainAdmin', lang: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`Faktura ${invoice.number}.pdf`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Faktura ${invoice.number}`);
    expect(text).toContain('Fastighetsservice Norden AB');
    expect(text).toContain('Momsreg.nr: SE556677889901');
    expect(text).toContain('Norrgården Livs');
    expect(text).toContain('111 22 Stockholm');
    expect(text).toContain(`Moms 25 % på ${formatMoney(invoice.net_minor, 'SEK', 'sv')}`);
    expect(text).toContain(`Att betala ${formatMoney(invoice.total_minor, 'SEK', 'sv')}`);
    expect(text).toContain('IBAN: SE4550000000058398257466');
    const lines = await query<{ project_number: number }>(
      'select project_number from invoice_lines where invoice_id = $1 order by line_no',
      [invoice.id],
    );
    for (const line of lines) expect(text).toContain(String(line.project_number));
  });

  it('a Finnish credit note says what it credits, in euros', async () => {
    const [note] = await query<{ id: number; number: number; total_minor: number; credits: number }>(
      `select c.id, c.number, c.total_minor, o.number as credits from invoices c join invoices o on o.id = c.credits_invoice_id
       where c.chain_id = 2 order by c.id limit 1`,
    );
    const res = await call(app, 'GET', `/api/invoices/${note.id}/pdf`, { as: 'chainAdmin2' });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Hyvityslasku ${note.number}`);
    expect(text).toContain(`Hyvittää laskun ${note.credits}`);
    expect(text).toContain(`Hyvitetään yhteensä ${formatMoney(note.total_minor, 'EUR', 'fi').replace('\u2212', '-')}`);
    expect(text).toContain('€');
  });

  it('are read in scope only', async () => {
    const [{ id }] = await query<{ id: number }>('select id from invoices where chain_id = 2 limit 1');
    expect((await call(app, 'GET', `/api/invoices/${id}/pdf`, { as: 'chainAdmin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/invoices/${id}/pdf`, { as: 'tech' })).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/invoices/999999/pdf', { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('the invoice list as CSV and XLSX (InvoicesExport)', () => {
  async function download(who: 'admin' | 'chainAdmin' | 'store', query: Record<string, string>, lang?: 'sv') {
    const token = (await call(app, 'POST', '/api/auth/download-token', { as: who })).json().payload.token;
    return app.inject({
      method: 'GET',
      url: '/api/export',
      query: { type: 'InvoicesExport', ...query, access_token: token },
      headers: lang ? { lang } : {},
    });
  }

  it('holds the invoices in scope with amounts in minor units, equal to the list', async () => {
    const res = await download('chainAdmin', { format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parse(res.body.slice(1)) as string[][];
    expect(header).toContain('Net (minor units)');
    const list = (await call(app, 'GET', '/api/invoices', { as: 'chainAdmin', query: { limit: 100 } })).json().payload;
    expect(rows).toHaveLength(list.total);
    const numberAt = header.indexOf('Invoice number');
    const totalAt = header.indexOf('Total (minor units)');
    for (const invoice of list.data as { number: number; total_minor: number }[]) {
      const row = rows.find((r) => r[numberAt] === String(invoice.number));
      expect(row?.[totalAt]).toBe(String(invoice.total_minor));
    }
    expect(rows.every((r) => r[header.indexOf('Chain')] === 'Norrgården Livs')).toBe(true);
  });

  it('is an XLSX in the reader’s language, filtered like the list, and refused to a store', async () => {
    const res = await download('admin', { chain_id: '2' }, 'sv');
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Fakturor');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Krediterar faktura');
    const kinds = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) kinds.add((row.values as unknown[])[header.indexOf('Typ') + 1]);
    });
    expect([...kinds].sort()).toEqual(['Faktura', 'Kreditfaktura']);
    const [{ n }] = await query<{ n: number }>('select count(*)::int as n from invoices where chain_id = 2');
    expect(sheet.rowCount - 1).toBe(n);
    expect((await download('store', {})).statusCode).toBe(403);
  });
});

describe('a chain invoice address', () => {
  it.each([
    ['Box 1234, 111 22 Stockholm', 'SE', { lines: ['Box 1234'], postalCode: '111 22', city: 'Stockholm' }],
    ['PL 100, 00100 Helsinki', 'FI', { lines: ['PL 100'], postalCode: '00100', city: 'Helsinki' }],
    [
      'Storgatan 1\nPlan 3\nSE-41101 Göteborg',
      'SE',
      { lines: ['Storgatan 1', 'Plan 3'], postalCode: '41101', city: 'Göteborg' },
    ],
    ['Storgatan 1', 'SE', { lines: ['Storgatan 1'], postalCode: null, city: null }],
  ])('%s', (text, country, expected) => {
    expect(splitAddress(text, country)).toEqual({ ...expected, country });
  });
});
