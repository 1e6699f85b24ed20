/**
 * An invoice or credit note as Peppol BIS Billing 3.0 (UBL 2.1 Invoice-2 / CreditNote-2), the format
 * Swedish and Finnish buyers' systems read. Written as a stream of text: the head and totals from the
 * invoice's row, then its lines read in batches, so a 40,000-line invoice never sits in memory whole.
 * Elements follow the sequence of the UBL 2.1 schema; the amounts are the invoice's own, so every total
 * is the sum of its lines (EN 16931 BR-CO-10..16) and each rate's VAT is computed on its taxable total
 * (BR-CO-17). A credit note states positive amounts (its type, 381, says they are credited).
 */
import { toDecimal, vatPercent } from '@wop/shared/money';
import type { Config } from '../../config.ts';
import { ConflictError } from '../../lib/errors.ts';

export const CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

export interface Party {
  name: string;
  /** Street lines, then postal code and city when they can be told apart. */
  address: { lines: string[]; postalCode: string | null; city: string | null; country: string };
  orgNumber: string | null;
  vatId: string | null;
  /** `scheme:id`, e.g. 0007:5560000001. */
  peppolId: string | null;
  email: string | null;
  contact: string | null;
}

export interface Seller extends Party {
  iban: string | null;
  bic: string | null;
}

/** The seller from the server's configuration (SELLER_*): null fields are unset. */
export function sellerOf(config: Config): Seller {
  const lines = config.SELLER_STREET ? [config.SELLER_STREET] : [];
  return {
    name: config.SELLER_NAME ?? '',
    address: {
      lines,
      postalCode: config.SELLER_POSTAL_CODE ?? null,
      city: config.SELLER_CITY ?? null,
      country: config.SELLER_COUNTRY,
    },
    orgNumber: config.SELLER_ORG_NUMBER ?? null,
    vatId: config.SELLER_VAT_ID ?? null,
    peppolId: config.SELLER_PEPPOL_ID ?? null,
    email: config.SELLER_EMAIL ?? null,
    contact: null,
    iban: config.SELLER_IBAN ?? null,
    bic: config.SELLER_BIC ?? null,
  };
}

/** What a Peppol invoice cannot go without: 409 naming the settings or chain fields to fill in. */
export function assertPeppolReady(seller: Seller, buyer: Party) {
  const missing = [
    !seller.name && 'SELLER_NAME',
    !seller.vatId && 'SELLER_VAT_ID',
    !seller.peppolId && 'SELLER_PEPPOL_ID',
  ].filter(Boolean);
  if (missing.length) throw new ConflictError('invoices.seller_incomplete', { fields: missing.join(', ') });
  if (!buyer.peppolId) throw new ConflictError('invoices.buyer_no_peppol_id');
}

const POSTAL_CITY = /^(?:[A-Z]{2}-)?(\d{3} ?\d{2}|\d{5})\s+(.+)$/;

/** A chain's one-field invoice address ("Box 1234, 111 22 Stockholm") as street lines, postal code and city. */
export function splitAddress(text: string, country: string): Party['address'] {
  const parts = text
    .split(/[\n,]/)
    .map((part) => part.trim())
    .filter(Boolean);
  const last = parts.at(-1)?.match(POSTAL_CITY);
  if (last) parts.pop();
  return { lines: parts, postalCode: last?.[1] ?? null, city: last?.[2] ?? null, country };
}

// Characters XML 1.0 does not allow, whatever their escaping.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the ones removed
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const xmlText = (value: string | number) =>
  String(value)
    .replace(NOT_XML, '')
    .replace(/[&<>"']/g, (c) => ENTITIES[c]);

const el = (name: string, value: string | number | null | undefined, attrs = '') =>
  value === null || value === undefined || value === '' ? '' : `<${name}${attrs}>${xmlText(value)}</${name}>`;

export interface PeppolInvoice {
  kind: 'invoice' | 'credit_note';
  number: number;
  issue_date: string;
  due_date: string;
  period_from: string;
  period_to: string;
  currency: string;
  net_minor: number;
  vat_minor: number;
  total_minor: number;
  vat_breakdown: { vat_bp: number; taxable_minor: number; vat_minor: number }[];
  /** A credit note's invoice: its number and issue date. */
  credits: { number: number; issue_date: string } | null;
}

export interface PeppolLine {
  line_no: number;
  project_number: number;
  description: string;
  completed_on: string | null;
  net_minor: number;
  vat_bp: number;
}

/** VAT category (UNCL5305): standard rated, or zero rated at 0 %. */
const category = (vatBp: number) => (vatBp > 0 ? 'S' : 'Z');

function endpoint(peppolId: string) {
  const [scheme, ...id] = peppolId.split(':');
  return `<cbc:EndpointID schemeID="${xmlText(scheme)}">${xmlText(id.join(':'))}</cbc:EndpointID>`;
}

function party(p: Party, role: 'AccountingSupplierParty' | 'AccountingCustomerParty') {
  const [street, ...more] = p.address.lines;
  const address =
    '<cac:PostalAddress>' +
    el('cbc:StreetName', street) +
    el('cbc:AdditionalStreetName', more.join(', ')) +
    el('cbc:CityName', p.address.city) +
    el('cbc:PostalZone', p.address.postalCode) +
    `<cac:Country><cbc:IdentificationCode>${xmlText(p.address.country)}</cbc:IdentificationCode></cac:Country>` +
    '</cac:PostalAddress>';
  const tax = p.vatId
    ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', p.vatId)}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
    : '';
  const contact =
    p.contact || p.email
      ? `<cac:Contact>${el('cbc:Name', p.contact)}${el('cbc:ElectronicMail', p.email)}</cac:Contact>`
      : '';
  return (
    `<cac:${role}><cac:Party>` +
    (p.peppolId ? endpoint(p.peppolId) : '') +
    `<cac:PartyName>${el('cbc:Name', p.name)}</cac:PartyName>` +
    address +
    tax +
    `<cac:PartyLegalEntity>${el('cbc:RegistrationName', p.name)}${el('cbc:CompanyID', p.orgNumber)}</cac:PartyLegalEntity>` +
    contact +
    `</cac:Party></cac:${role}>`
  );
}

const LINES_PER_PIECE = 100;

/**
 * The document as text, in pieces: `lines` yields the invoice's lines in batches (in line order).
 * `words` are the chain-language texts: the payment terms and a line's order reference.
 */
export async function* peppolXml(
  invoice: PeppolInvoice,
  seller: Seller,
  buyer: Party,
  lines: AsyncIterable<PeppolLine[]>,
  words: { paymentTerms: string; line: (line: PeppolLine) => string },
): AsyncGenerator<string> {
  const credit = invoice.kind === 'credit_note';
  const root = credit ? 'CreditNote' : 'Invoice';
  // A credit note's stored amounts are negative; the document states them positive.
  const sign = credit ? -1 : 1;
  const cur = ` currencyID="${xmlText(invoice.currency)}"`;
  const amount = (name: string, minor: number) => `<cbc:${name}${cur}>${toDecimal(sign * minor)}</cbc:${name}>`;
  const taxCategory = (tag: string, vatBp: number) =>
    `<cac:${tag}><cbc:ID>${category(vatBp)}</cbc:ID><cbc:Percent>${vatPercent(vatBp)}</cbc:Percent>` +
    `<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;

  let head =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">` +
    el('cbc:CustomizationID', CUSTOMIZATION_ID) +
    el('cbc:ProfileID', PROFILE_ID) +
    el('cbc:ID', invoice.number) +
    el('cbc:IssueDate', invoice.issue_date) +
    (credit ? '' : el('cbc:DueDate', invoice.due_date)) +
    (credit ? el('cbc:CreditNoteTypeCode', 381) : el('cbc:InvoiceTypeCode', 380)) +
    el('cbc:DocumentCurrencyCode', invoice.currency) +
    // PEPPOL-EN16931-R003: a buyer reference or an order reference; the chain's contact is its reference.
    el('cbc:BuyerReference', buyer.contact || buyer.name) +
    `<cac:InvoicePeriod>${el('cbc:StartDate', invoice.period_from)}${el('cbc:EndDate', invoice.period_to)}</cac:InvoicePeriod>`;
  if (invoice.credits) {
    head +=
      '<cac:BillingReference><cac:InvoiceDocumentReference>' +
      el('cbc:ID', invoice.credits.number) +
      el('cbc:IssueDate', invoice.credits.issue_date) +
      '</cac:InvoiceDocumentReference></cac:BillingReference>';
  }
  head += party(seller, 'AccountingSupplierParty') + party(buyer, 'AccountingCustomerParty');
  if (seller.iban && !credit) {
    head +=
      '<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>' +
      el('cbc:PaymentID', invoice.number) +
      `<cac:PayeeFinancialAccount>${el('cbc:ID', seller.iban)}` +
      (seller.bic
        ? `<cac:FinancialInstitutionBranch>${el('cbc:ID', seller.bic)}</cac:FinancialInstitutionBranch>`
        : '') +
      '</cac:PayeeFinancialAccount></cac:PaymentMeans>';
  }
  if (!credit) head += `<cac:PaymentTerms>${el('cbc:Note', words.paymentTerms)}</cac:PaymentTerms>`;
  head +=
    `<cac:TaxTotal>${amount('TaxAmount', invoice.vat_minor)}` +
    invoice.vat_breakdown
      .map(
        (group) =>
          `<cac:TaxSubtotal>${amount('TaxableAmount', group.taxable_minor)}${amount('TaxAmount', group.vat_minor)}` +
          `${taxCategory('TaxCategory', group.vat_bp)}</cac:TaxSubtotal>`,
      )
      .join('') +
    '</cac:TaxTotal>' +
    '<cac:LegalMonetaryTotal>' +
    amount('LineExtensionAmount', invoice.net_minor) +
    amount('TaxExclusiveAmount', invoice.net_minor) +
    amount('TaxInclusiveAmount', invoice.total_minor) +
    amount('PayableAmount', invoice.total_minor) +
    '</cac:LegalMonetaryTotal>';
  yield head;

  const lineTag = credit ? 'CreditNoteLine' : 'InvoiceLine';
  const quantityTag = credit ? 'CreditedQuantity' : 'InvoicedQuantity';
  for await (const batch of lines) {
    let text = '';
    for (const [i, line] of batch.entries()) {
      // A piece of about 70 KB at a time: the stream keeps one small piece, not a batch's 1.4 MB.
      if (i > 0 && i % LINES_PER_PIECE === 0) {
        yield text;
        text = '';
      }
      text +=
        `<cac:${lineTag}>${el('cbc:ID', line.line_no)}${el('cbc:Note', words.line(line))}` +
        `<cbc:${quantityTag} unitCode="C62">1</cbc:${quantityTag}>${amount('LineExtensionAmount', line.net_minor)}` +
        (line.completed_on
          ? `<cac:InvoicePeriod>${el('cbc:StartDate', line.completed_on)}${el('cbc:EndDate', line.completed_on)}</cac:InvoicePeriod>`
          : '') +
        `<cac:Item>${el('cbc:Name', line.description.slice(0, 200))}` +
        `<cac:SellersItemIdentification>${el('cbc:ID', line.project_number)}</cac:SellersItemIdentification>` +
        `${taxCategory('ClassifiedTaxCategory', line.vat_bp)}</cac:Item>` +
        `<cac:Price>${amount('PriceAmount', line.net_minor)}</cac:Price></cac:${lineTag}>\n`;
    }
    yield text;
  }
  yield `</${root}>\n`;
}
