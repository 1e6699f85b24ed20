/**
 * Checks a Peppol BIS Billing 3.0 document the way a receiving access point would, as far as a test
 * can without the official validation artefacts (the OASIS UBL 2.1 XSDs and the CEN/OpenPeppol
 * Schematron are not published on the package registries this project can reach):
 *
 * - well-formed XML (fast-xml-parser's validator), the UBL 2.1 namespaces, `cbc:` leaves and `cac:`
 *   aggregates, and the children of each element we write in the order of its type's sequence in the
 *   UBL 2.1 schema (InvoiceType, CreditNoteType, PartyType, AddressType, ...), with the elements the
 *   schema requires;
 * - the EN 16931 and Peppol rules a generator can break (listed in RULES below), amounts compared
 *   exactly in minor units.
 *
 * Answers the ids of the rules that fail (empty: the document passes).
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

interface Node {
  name: string;
  prefix: string;
  attrs: Record<string, string>;
  children: Node[];
  text: string;
}

const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** The start of every UBL 2.1 document (element names in schema order). */
const DOCUMENT_HEAD = [
  'UBLExtensions',
  'UBLVersionID',
  'CustomizationID',
  'ProfileID',
  'ProfileExecutionID',
  'ID',
  'CopyIndicator',
  'UUID',
  'IssueDate',
  'IssueTime',
];
/** An invoice's and a credit note's currencies, cost reference and period, after their type code and notes. */
const DOCUMENT_CURRENCIES = [
  'DocumentCurrencyCode',
  'TaxCurrencyCode',
  'PricingCurrencyCode',
  'PaymentCurrencyCode',
  'PaymentAlternativeCurrencyCode',
  'AccountingCostCode',
  'AccountingCost',
  'LineCountNumeric',
  'BuyerReference',
  'InvoicePeriod',
];
/** Their parties, delivery and payment, after the document references. */
const DOCUMENT_PARTIES = [
  'Signature',
  'AccountingSupplierParty',
  'AccountingCustomerParty',
  'PayeeParty',
  'BuyerCustomerParty',
  'SellerSupplierParty',
  'TaxRepresentativeParty',
  'Delivery',
  'DeliveryTerms',
  'PaymentMeans',
  'PaymentTerms',
];
const EXCHANGE_RATES = [
  'TaxExchangeRate',
  'PricingExchangeRate',
  'PaymentExchangeRate',
  'PaymentAlternativeExchangeRate',
];
/** An invoice line's and a credit note line's amount, costing and period, after their quantity. */
const LINE_AMOUNT = [
  'LineExtensionAmount',
  'TaxPointDate',
  'AccountingCostCode',
  'AccountingCost',
  'PaymentPurposeCode',
  'FreeOfChargeIndicator',
  'InvoicePeriod',
  'OrderLineReference',
];
const LINE_REFERENCES = [
  'DespatchLineReference',
  'ReceiptLineReference',
  'BillingReference',
  'DocumentReference',
  'PricingReference',
  'OriginatorParty',
  'Delivery',
];
/** TaxCategoryType: a VAT breakdown's category and a line item's (ClassifiedTaxCategory). */
const TAX_CATEGORY = [
  'ID',
  'Name',
  'Percent',
  'BaseUnitMeasure',
  'PerUnitAmount',
  'TaxExemptionReasonCode',
  'TaxExemptionReason',
  'TierRange',
  'TierRatePercent',
  'TaxScheme',
];

/** The sequences of the UBL 2.1 types we write (element names in schema order). */
const SEQUENCES: Record<string, string[]> = {
  Invoice: [
    ...DOCUMENT_HEAD,
    'DueDate',
    'InvoiceTypeCode',
    'Note',
    'TaxPointDate',
    ...DOCUMENT_CURRENCIES,
    'OrderReference',
    'BillingReference',
    'DespatchDocumentReference',
    'ReceiptDocumentReference',
    'StatementDocumentReference',
    'OriginatorDocumentReference',
    'ContractDocumentReference',
    'AdditionalDocumentReference',
    'ProjectReference',
    ...DOCUMENT_PARTIES,
    'PrepaidPayment',
    'AllowanceCharge',
    ...EXCHANGE_RATES,
    'TaxTotal',
    'WithholdingTaxTotal',
    'LegalMonetaryTotal',
    'InvoiceLine',
  ],
  CreditNote: [
    ...DOCUMENT_HEAD,
    'TaxPointDate',
    'CreditNoteTypeCode',
    'Note',
    ...DOCUMENT_CURRENCIES,
    'DiscrepancyResponse',
    'OrderReference',
    'BillingReference',
    'DespatchDocumentReference',
    'ReceiptDocumentReference',
    'ContractDocumentReference',
    'AdditionalDocumentReference',
    'StatementDocumentReference',
    'OriginatorDocumentReference',
    ...DOCUMENT_PARTIES,
    ...EXCHANGE_RATES,
    'AllowanceCharge',
    'TaxTotal',
    'LegalMonetaryTotal',
    'CreditNoteLine',
  ],
  InvoiceLine: [
    'ID',
    'UUID',
    'Note',
    'InvoicedQuantity',
    ...LINE_AMOUNT,
    ...LINE_REFERENCES,
    'PaymentTerms',
    'AllowanceCharge',
    'TaxTotal',
    'WithholdingTaxTotal',
    'Item',
    'Price',
    'DeliveryTerms',
    'SubInvoiceLine',
    'ItemPriceExtension',
  ],
  CreditNoteLine: [
    'ID',
    'UUID',
    'Note',
    'CreditedQuantity',
    ...LINE_AMOUNT,
    'DiscrepancyResponse',
    ...LINE_REFERENCES,
    'TaxTotal',
    'AllowanceCharge',
    'Item',
    'Price',
    'DeliveryTerms',
    'SubCreditNoteLine',
    'ItemPriceExtension',
  ],
  AccountingSupplierParty: [
    'CustomerAssignedAccountID',
    'AdditionalAccountID',
    'DataSendingCapability',
    'Party',
    'DespatchContact',
    'AccountingContact',
    'SellerContact',
  ],
  AccountingCustomerParty: [
    'CustomerAssignedAccountID',
    'SupplierAssignedAccountID',
    'AdditionalAccountID',
    'Party',
    'DeliveryContact',
    'AccountingContact',
    'BuyerContact',
  ],
  Party: [
    'MarkCareIndicator',
    'MarkAttentionIndicator',
    'WebsiteURI',
    'LogoReferenceID',
    'EndpointID',
    'IndustryClassificationCode',
    'PartyIdentification',
    'PartyName',
    'Language',
    'PostalAddress',
    'PhysicalLocation',
    'PartyTaxScheme',
    'PartyLegalEntity',
    'Contact',
    'Person',
    'AgentParty',
    'ServiceProviderParty',
    'PowerOfAttorney',
    'FinancialAccount',
  ],
  PartyName: ['Name'],
  PostalAddress: [
    'ID',
    'AddressTypeCode',
    'AddressFormatCode',
    'Postbox',
    'Floor',
    'Room',
    'StreetName',
    'AdditionalStreetName',
    'BlockName',
    'BuildingName',
    'BuildingNumber',
    'InhouseMail',
    'Department',
    'MarkAttention',
    'MarkCare',
    'PlotIdentification',
    'CitySubdivisionName',
    'CityName',
    'PostalZone',
    'CountrySubentity',
    'CountrySubentityCode',
    'Region',
    'District',
    'TimezoneOffset',
    'AddressLine',
    'Country',
    'LocationCoordinate',
  ],
  Country: ['IdentificationCode', 'Name'],
  PartyTaxScheme: [
    'RegistrationName',
    'CompanyID',
    'TaxLevelCode',
    'ExemptionReasonCode',
    'ExemptionReason',
    'RegistrationAddress',
    'TaxScheme',
  ],
  TaxScheme: ['ID', 'Name', 'TaxTypeCode', 'CurrencyCode', 'JurisdictionRegionAddress'],
  PartyLegalEntity: [
    'RegistrationName',
    'CompanyID',
    'RegistrationDate',
    'RegistrationExpirationDate',
    'CompanyLegalFormCode',
    'CompanyLegalForm',
    'SoleProprietorshipIndicator',
    'CompanyLiquidationStatusCode',
    'CorporateStockAmount',
    'FullyPaidSharesIndicator',
    'RegistrationAddress',
    'CorporateRegistrationScheme',
    'HeadOfficeParty',
    'ShareholderParty',
  ],
  Contact: ['ID', 'Name', 'Telephone', 'Telefax', 'ElectronicMail', 'Note', 'OtherCommunication'],
  InvoicePeriod: ['StartDate', 'StartTime', 'EndDate', 'EndTime', 'DurationMeasure', 'DescriptionCode', 'Description'],
  BillingReference: [
    'InvoiceDocumentReference',
    'SelfBilledInvoiceDocumentReference',
    'CreditNoteDocumentReference',
    'SelfBilledCreditNoteDocumentReference',
    'DebitNoteDocumentReference',
    'ReminderDocumentReference',
    'AdditionalDocumentReference',
    'BillingReferenceLine',
  ],
  InvoiceDocumentReference: [
    'ID',
    'CopyIndicator',
    'UUID',
    'IssueDate',
    'IssueTime',
    'DocumentTypeCode',
    'DocumentType',
    'XPath',
    'LanguageID',
    'LocaleCode',
    'VersionID',
    'DocumentStatusCode',
    'DocumentDescription',
    'Attachment',
    'ValidityPeriod',
    'IssuerParty',
    'ResultOfVerification',
  ],
  PaymentMeans: [
    'ID',
    'PaymentMeansCode',
    'PaymentDueDate',
    'PaymentChannelCode',
    'InstructionID',
    'InstructionNote',
    'PaymentID',
    'CardAccount',
    'PayerFinancialAccount',
    'PayeeFinancialAccount',
    'CreditAccount',
    'PaymentMandate',
    'TradeFinancing',
  ],
  PayeeFinancialAccount: [
    'ID',
    'Name',
    'AliasName',
    'AccountTypeCode',
    'AccountFormatCode',
    'CurrencyCode',
    'PaymentNote',
    'FinancialInstitutionBranch',
    'Country',
  ],
  FinancialInstitutionBranch: ['ID', 'Name', 'FinancialInstitution', 'Address'],
  PaymentTerms: [
    'ID',
    'PaymentMeansID',
    'PrepaidPaymentReferenceID',
    'Note',
    'ReferenceEventCode',
    'SettlementDiscountPercent',
    'PenaltySurchargePercent',
    'PaymentPercent',
    'Amount',
    'SettlementDiscountAmount',
    'PenaltyAmount',
    'PaymentTermsDetailsURI',
    'PaymentDueDate',
    'InstallmentDueDate',
    'InvoicingPartyReference',
    'SettlementPeriod',
    'PenaltyPeriod',
    'ExchangeRate',
    'ValidityPeriod',
  ],
  TaxTotal: ['TaxAmount', 'RoundingAmount', 'TaxEvidenceIndicator', 'TaxIncludedIndicator', 'TaxSubtotal'],
  TaxSubtotal: [
    'TaxableAmount',
    'TaxAmount',
    'CalculationSequenceNumeric',
    'TransactionCurrencyTaxAmount',
    'Percent',
    'BaseUnitMeasure',
    'PerUnitAmount',
    'TierRange',
    'TierRatePercent',
    'TaxCategory',
  ],
  TaxCategory: TAX_CATEGORY,
  LegalMonetaryTotal: [
    'LineExtensionAmount',
    'TaxExclusiveAmount',
    'TaxInclusiveAmount',
    'AllowanceTotalAmount',
    'ChargeTotalAmount',
    'PrepaidAmount',
    'PayableRoundingAmount',
    'PayableAmount',
    'PayableAlternativeAmount',
  ],
  Item: [
    'Description',
    'PackQuantity',
    'PackSizeNumeric',
    'CatalogueIndicator',
    'Name',
    'HazardousRiskIndicator',
    'AdditionalInformation',
    'Keyword',
    'BrandName',
    'ModelName',
    'BuyersItemIdentification',
    'SellersItemIdentification',
    'ManufacturersItemIdentification',
    'StandardItemIdentification',
    'CatalogueItemIdentification',
    'AdditionalItemIdentification',
    'CatalogueDocumentReference',
    'ItemSpecificationDocumentReference',
    'OriginCountry',
    'CommodityClassification',
    'TransactionConditions',
    'HazardousItem',
    'ClassifiedTaxCategory',
    'AdditionalItemProperty',
    'ManufacturerParty',
    'InformationContentProviderParty',
    'OriginAddress',
    'ItemInstance',
    'Certificate',
    'Dimension',
  ],
  SellersItemIdentification: [
    'ID',
    'ExtendedID',
    'BarcodeSymbologyID',
    'PhysicalAttribute',
    'MeasurementDimension',
    'IssuerParty',
  ],
  ClassifiedTaxCategory: TAX_CATEGORY,
  Price: [
    'PriceAmount',
    'BaseQuantity',
    'PriceChangeReason',
    'PriceTypeCode',
    'PriceType',
    'OrderableUnitFactorRate',
    'ValidityPeriod',
    'PriceList',
    'AllowanceCharge',
    'PricingExchangeRate',
  ],
};
/** Elements each type's schema requires (minOccurs 1). */
const DOCUMENT_REQUIRED = [
  'ID',
  'IssueDate',
  'AccountingSupplierParty',
  'AccountingCustomerParty',
  'LegalMonetaryTotal',
];
const REQUIRED: Record<string, string[]> = {
  Invoice: [...DOCUMENT_REQUIRED, 'InvoiceLine'],
  CreditNote: [...DOCUMENT_REQUIRED, 'CreditNoteLine'],
  InvoiceLine: ['ID', 'LineExtensionAmount', 'Item'],
  CreditNoteLine: ['ID', 'Item'],
  Country: [],
  TaxTotal: ['TaxAmount'],
  TaxSubtotal: ['TaxAmount', 'TaxCategory'],
  TaxCategory: [],
  LegalMonetaryTotal: ['PayableAmount'],
  PaymentMeans: ['PaymentMeansCode'],
  PartyTaxScheme: ['TaxScheme'],
  ClassifiedTaxCategory: [],
  AccountingSupplierParty: [],
  AccountingCustomerParty: [],
  InvoiceDocumentReference: ['ID'],
  Price: ['PriceAmount'],
};

function toNodes(items: Record<string, unknown>[]): Node[] {
  const nodes: Node[] = [];
  for (const item of items) {
    const key = Object.keys(item).find((k) => k !== ':@');
    if (!key || key === '#text' || key.startsWith('?')) continue;
    const raw = item[key] as Record<string, unknown>[];
    const [prefix, name] = key.includes(':') ? key.split(':') : ['', key];
    const text = raw.find((c) => '#text' in c)?.['#text'];
    nodes.push({
      name,
      prefix,
      attrs: (item[':@'] as Record<string, string>) ?? {},
      children: toNodes(raw),
      text: text === undefined ? '' : String(text),
    });
  }
  return nodes;
}

/** Amounts in minor units, exactly (at most two decimals: BR-DEC-*). */
const minor = (text: string) => {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return Number.NaN;
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0')));
};

/**
 * The rules checked beyond the schema. EN 16931: BR-01..BR-16, BR-21..BR-27 (lines), BR-55 (a credit
 * note's preceding invoice), BR-CO-10, -13, -14, -15, -16, -17 (each rate's VAT on its taxable amount),
 * -18, -25, -26, BR-S-08, BR-S-09, BR-Z-08, BR-Z-09, BR-DEC-*; Peppol: PEPPOL-EN16931-R001, -R003, -R004,
 * -R010, -R020, -R053, -R110, -R111 (line periods inside the invoice's).
 */
export function ublFailures(xml: string, expectedCurrency?: string): string[] {
  const failed = new Set<string>();
  const fail = (rule: string) => failed.add(rule);
  if (XMLValidator.validate(xml) !== true) return ['XML-WELLFORMED'];
  const parser = new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: '',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
  });
  const [root] = toNodes(parser.parse(xml));
  if (!root || (root.name !== 'Invoice' && root.name !== 'CreditNote')) return ['UBL-ROOT'];
  const credit = root.name === 'CreditNote';
  if (root.attrs.xmlns !== `urn:oasis:names:specification:ubl:schema:xsd:${root.name}-2`) fail('UBL-NAMESPACE');
  if (root.attrs['xmlns:cac'] !== NS.cac || root.attrs['xmlns:cbc'] !== NS.cbc) fail('UBL-NAMESPACE');

  // The schema: prefixes, order and required children of every element we write.
  const walk = (node: Node) => {
    const leaf = node.children.length === 0;
    if (node !== root && node.prefix !== (leaf ? 'cbc' : 'cac')) fail(`UBL-PREFIX:${node.name}`);
    const sequence = SEQUENCES[node.name];
    if (!leaf && node !== root && !sequence) fail(`UBL-UNKNOWN:${node.name}`);
    if (sequence) {
      let at = -1;
      for (const child of node.children) {
        const position = sequence.indexOf(child.name);
        if (position < 0) fail(`UBL-CHILD:${node.name}/${child.name}`);
        else if (position < at) fail(`UBL-ORDER:${node.name}/${child.name}`);
        else at = position;
      }
      for (const name of REQUIRED[node.name] ?? []) {
        if (!node.children.some((c) => c.name === name)) fail(`UBL-REQUIRED:${node.name}/${name}`);
      }
    }
    if (/Amount$/.test(node.name) && leaf) {
      if (Number.isNaN(minor(node.text))) fail('BR-DEC');
      if (!node.attrs.currencyID) fail('UBL-CURRENCY-ID');
    }
    for (const child of node.children) walk(child);
  };
  walk(root);

  const all = (node: Node, path: string): Node[] => {
    const [head, ...rest] = path.split('/');
    const found = node.children.filter((c) => c.name === head);
    return rest.length ? found.flatMap((c) => all(c, rest.join('/'))) : found;
  };
  const one = (node: Node, path: string) => all(node, path)[0];
  const text = (node: Node, path: string) => one(node, path)?.text ?? '';
  const amount = (node: Node, path: string) => minor(text(node, path));

  if (text(root, 'CustomizationID') === '') fail('BR-01');
  if (text(root, 'CustomizationID') !== 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0')
    fail('PEPPOL-EN16931-R004');
  if (text(root, 'ProfileID') !== 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0') fail('PEPPOL-EN16931-R001');
  if (!text(root, 'ID')) fail('BR-02');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text(root, 'IssueDate'))) fail('BR-03');
  const typeCode = text(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode');
  if (!(credit ? ['381'] : ['380']).includes(typeCode)) fail('BR-04');
  const currency = text(root, 'DocumentCurrencyCode');
  if (!currency || (expectedCurrency && currency !== expectedCurrency)) fail('BR-05');
  for (const node of all(root, 'LegalMonetaryTotal').flatMap((t) => t.children)) {
    if (node.attrs.currencyID !== currency) fail('BR-CL-05');
  }
  if (!text(root, 'BuyerReference') && !one(root, 'OrderReference')) fail('PEPPOL-EN16931-R003');

  const seller = one(root, 'AccountingSupplierParty/Party');
  const buyer = one(root, 'AccountingCustomerParty/Party');
  if (!seller || !text(seller, 'PartyLegalEntity/RegistrationName')) fail('BR-06');
  if (!buyer || !text(buyer, 'PartyLegalEntity/RegistrationName')) fail('BR-07');
  if (!seller || !one(seller, 'PostalAddress')) fail('BR-08');
  if (!seller || !/^[A-Z]{2}$/.test(text(seller, 'PostalAddress/Country/IdentificationCode'))) fail('BR-09');
  if (!buyer || !one(buyer, 'PostalAddress')) fail('BR-10');
  if (!buyer || !/^[A-Z]{2}$/.test(text(buyer, 'PostalAddress/Country/IdentificationCode'))) fail('BR-11');
  if (!seller?.children.some((c) => c.name === 'EndpointID' && c.attrs.schemeID && c.text)) fail('PEPPOL-EN16931-R020');
  if (!buyer?.children.some((c) => c.name === 'EndpointID' && c.attrs.schemeID && c.text)) fail('PEPPOL-EN16931-R010');

  const totals = one(root, 'LegalMonetaryTotal');
  const lineExtension = totals ? amount(totals, 'LineExtensionAmount') : Number.NaN;
  const taxExclusive = totals ? amount(totals, 'TaxExclusiveAmount') : Number.NaN;
  const taxInclusive = totals ? amount(totals, 'TaxInclusiveAmount') : Number.NaN;
  const payable = totals ? amount(totals, 'PayableAmount') : Number.NaN;
  if (Number.isNaN(lineExtension)) fail('BR-12');
  if (Number.isNaN(taxExclusive)) fail('BR-13');
  if (Number.isNaN(taxInclusive)) fail('BR-14');
  if (Number.isNaN(payable)) fail('BR-15');

  const lines = all(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
  if (!lines.length) fail('BR-16');
  const period = one(root, 'InvoicePeriod');
  const periodStart = period ? text(period, 'StartDate') : '';
  const periodEnd = period ? text(period, 'EndDate') : '';
  const lineIds = new Set<string>();
  const netByRate = new Map<string, number>();
  let lineSum = 0;
  for (const line of lines) {
    const id = text(line, 'ID');
    if (!id || lineIds.has(id)) fail('BR-21');
    lineIds.add(id);
    const quantity = one(line, credit ? 'CreditedQuantity' : 'InvoicedQuantity');
    if (!quantity?.text) fail('BR-22');
    if (!quantity?.attrs.unitCode) fail('BR-23');
    const net = amount(line, 'LineExtensionAmount');
    if (Number.isNaN(net)) fail('BR-24');
    lineSum += net;
    if (!text(line, 'Item/Name')) fail('BR-25');
    const price = amount(line, 'Price/PriceAmount');
    if (Number.isNaN(price)) fail('BR-26');
    if (price < 0) fail('BR-27');
    const category = one(line, 'Item/ClassifiedTaxCategory');
    if (!category || !text(category, 'ID')) fail('BR-CO-04');
    const key = `${text(category ?? line, 'ID')}:${text(category ?? line, 'Percent')}`;
    netByRate.set(key, (netByRate.get(key) ?? 0) + net);
    const linePeriod = one(line, 'InvoicePeriod');
    if (linePeriod && periodStart && periodEnd) {
      if (text(linePeriod, 'StartDate') < periodStart) fail('PEPPOL-EN16931-R110');
      if (text(linePeriod, 'EndDate') > periodEnd) fail('PEPPOL-EN16931-R111');
    }
  }
  if (lineSum !== lineExtension) fail('BR-CO-10');
  if (taxExclusive !== lineExtension) fail('BR-CO-13');

  const taxTotals = all(root, 'TaxTotal');
  const withSubtotals = taxTotals.filter((t) => one(t, 'TaxSubtotal'));
  if (withSubtotals.length !== 1) fail('PEPPOL-EN16931-R053');
  const subtotals = withSubtotals.flatMap((t) => all(t, 'TaxSubtotal'));
  if (!subtotals.length) fail('BR-CO-18');
  const taxAmount = withSubtotals[0] ? amount(withSubtotals[0], 'TaxAmount') : Number.NaN;
  let subtotalSum = 0;
  let standardRated = false;
  for (const sub of subtotals) {
    const taxable = amount(sub, 'TaxableAmount');
    const tax = amount(sub, 'TaxAmount');
    subtotalSum += tax;
    const code = text(sub, 'TaxCategory/ID');
    const percent = text(sub, 'TaxCategory/Percent');
    // Exactly: taxable (minor) x percent / 100, half away from zero, in minor units.
    const [whole, fraction = ''] = percent.split('.');
    const bp = BigInt(Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
    const product = BigInt(taxable) * bp;
    const sign = product < 0n ? -1n : 1n;
    const expected = Number((sign * (sign * product + 5000n)) / 10000n);
    if (tax !== expected) fail('BR-CO-17');
    if ((netByRate.get(`${code}:${percent}`) ?? Number.NaN) !== taxable) fail(code === 'Z' ? 'BR-Z-08' : 'BR-S-08');
    if (code === 'S') {
      standardRated = true;
      if (!(Number(percent) > 0)) fail('BR-S-09');
    }
    if (code === 'Z' && (tax !== 0 || Number(percent) !== 0)) fail('BR-Z-09');
  }
  if (subtotalSum !== taxAmount) fail('BR-CO-14');
  if (taxInclusive !== taxExclusive + taxAmount) fail('BR-CO-15');
  if (payable !== taxInclusive) fail('BR-CO-16');
  if (!credit && payable > 0 && !text(root, 'DueDate') && !one(root, 'PaymentTerms')) fail('BR-CO-25');
  if (standardRated && !(seller && text(seller, 'PartyTaxScheme/CompanyID'))) fail('BR-CO-26');
  if (credit && !text(root, 'BillingReference/InvoiceDocumentReference/ID')) fail('BR-55');
  return [...failed].sort();
}
