/**
 * What the work costs (api-contract "Costs: not-to-exceed, quotes, invoices"): a chain's money
 * settings, an order's cost lines and not-to-exceed limit, quotes and their decisions, invoices.
 * Every amount is an integer of minor units (`minorUnits()`); see money.ts for the arithmetic.
 */
import { z } from 'zod';
import { PRIORITIES } from './constants.ts';
import { COUNTRIES, CURRENCIES, QUANTITY_MILLI_MAX, VAT_BP_MAX } from './money.ts';
import { int4, int4Id, isoDay, minorUnits, optionalText, requiredText } from './primitives.ts';
import { filterId, listQuery, pageSchema, pathId } from './query.ts';
import { v } from './validation.ts';

// ---- The chain's settings -------------------------------------------------------------------------

/** `nte_minor_by_priority`: a new order's not-to-exceed limit per priority, "10", "20" and "30". */
export const nteByPriority = z.object({ '10': minorUnits(), '20': minorUnits(), '30': minorUnits() });
export type NteByPriority = z.output<typeof nteByPriority>;

/** A Peppol participant id: the ICD scheme (0007 Swedish org. no., 0216 Finnish OVT, 0088 GLN...) and the id. */
export const PEPPOL_ID = /^\d{4}:[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/;
/** A VAT registration number: its country's two letters, then its digits (SE556677889901, FI12345678). */
export const VAT_ID = /^[A-Z]{2}[0-9A-Za-z+*.]{2,18}$/;
const optionalPattern = (max: number, pattern: RegExp) =>
  optionalText(max).refine((value) => value === undefined || pattern.test(value), { message: v('invalid') });

/** What a chain's chain-admin may set on its own chain: its rates and its NTE table. */
export const chainRatesBody = z.object({
  hourly_rate_minor: minorUnits(),
  callout_fee_minor: minorUnits(),
  nte_minor_by_priority: nteByPriority,
});
/** The settings only admins set: country, currency, VAT, check-in radius and the buyer's identifiers. */
export const chainBillingBody = z.object({
  country: z.enum(COUNTRIES),
  currency: z.enum(CURRENCIES),
  vat_bp: int4(0, VAT_BP_MAX),
  visit_radius_m: int4(1, 100_000),
  org_number: optionalText(40).transform((value) => value ?? null),
  peppol_id: optionalPattern(80, PEPPOL_ID).transform((value) => value ?? null),
  vat_id: optionalPattern(20, VAT_ID).transform((value) => value ?? null),
});
export const chainCostsBody = chainRatesBody.extend(chainBillingBody.shape);
export type ChainCostsBody = z.output<typeof chainCostsBody>;
export type ChainCostsInput = z.input<typeof chainCostsBody>;
export const CHAIN_RATE_FIELDS = Object.keys(chainRatesBody.shape) as (keyof ChainCostsBody)[];
export const CHAIN_BILLING_FIELDS = Object.keys(chainBillingBody.shape) as (keyof ChainCostsBody)[];

/** A chain's money settings as answered (the fields above, plus the defaults of a new chain). */
export const chainCostsSchema = z.object({
  country: z.enum(COUNTRIES),
  currency: z.enum(CURRENCIES),
  vat_bp: z.number(),
  hourly_rate_minor: z.number(),
  callout_fee_minor: z.number(),
  nte_minor_by_priority: z.object({ '10': z.number(), '20': z.number(), '30': z.number() }),
  visit_radius_m: z.number(),
  org_number: z.string().nullable(),
  peppol_id: z.string().nullable(),
  vat_id: z.string().nullable(),
});
export type ChainCosts = z.infer<typeof chainCostsSchema>;
export const NTE_PRIORITIES = PRIORITIES.map(String) as ['10', '20', '30'];

// ---- Cost lines --------------------------------------------------------------------------------

export const COST_KINDS = ['labour', 'callout', 'material', 'other'] as const;
export type CostKind = (typeof COST_KINDS)[number];

/** A cost line: `quantity_milli` thousandths of a unit (1.5 h = 1500) at `unit_price_minor` each. */
export const costLineBody = z.object({
  kind: z.enum(COST_KINDS),
  description: requiredText(500),
  quantity_milli: int4(1, QUANTITY_MILLI_MAX),
  unit_price_minor: minorUnits(),
});
export type CostLineBody = z.output<typeof costLineBody>;
export type CostLineInput = z.input<typeof costLineBody>;

export const costLineParams = z.object({ id: pathId, line: pathId });

const person = z.object({ id: z.number(), name: z.string() }).nullable();

export const costLineSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  kind: z.enum(COST_KINDS),
  description: z.string(),
  quantity_milli: z.number(),
  unit_price_minor: z.number(),
  /** quantity x unit price / 1000, rounded half up. */
  amount_minor: z.number(),
  /** The site visit that made this line (labour and call-out), or null for a line typed in. */
  visit_id: z.number().nullable(),
  created_by: person,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CostLine = z.infer<typeof costLineSchema>;

/** An order's cost so far, per kind of line, in its chain's currency. */
export const orderCostSchema = z.object({
  labour: z.number(),
  callout: z.number(),
  material: z.number(),
  other: z.number(),
  total: z.number(),
  currency: z.enum(CURRENCIES),
});
export type OrderCost = z.infer<typeof orderCostSchema>;

export const QUOTE_STATUSES = ['submitted', 'approved', 'rejected'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The cost fields every order answer carries. */
export const orderCostFields = {
  nte_minor: z.number(),
  cost: orderCostSchema,
  quote_status: z.enum(QUOTE_STATUSES).nullable(),
  /** The invoice that bills the order (null: not invoiced). */
  invoice_id: z.number().nullable(),
};

// ---- Quotes --------------------------------------------------------------------------------------

export const QUOTE_LINES_MAX = 50;
export const quoteBody = z.object({
  lines: z
    .array(costLineBody)
    .min(1, { message: v('required') })
    .max(QUOTE_LINES_MAX, { message: v('max_items', QUOTE_LINES_MAX) }),
  valid_until: isoDay(),
  note: optionalText(2000).transform((value) => value ?? null),
});
export type QuoteBody = z.output<typeof quoteBody>;
export type QuoteInput = z.input<typeof quoteBody>;

export const QUOTE_DECISIONS = ['approved', 'rejected'] as const;
/** An approver's decision; a rejection says why. */
export const quoteDecisionBody = z
  .object({
    decision: z.enum(QUOTE_DECISIONS),
    comment: optionalText(2000).transform((value) => value ?? null),
  })
  .refine((body) => body.decision === 'approved' || body.comment !== null, {
    message: v('required'),
    path: ['comment'],
  });
export type QuoteDecisionBody = z.output<typeof quoteDecisionBody>;

export const quoteLineSchema = z.object({
  kind: z.enum(COST_KINDS),
  description: z.string(),
  quantity_milli: z.number(),
  unit_price_minor: z.number(),
  amount_minor: z.number(),
});
export const quoteSchema = z.object({
  id: z.number(),
  order_id: z.number(),
  status: z.enum(QUOTE_STATUSES),
  lines: z.array(quoteLineSchema),
  total_minor: z.number(),
  currency: z.enum(CURRENCIES),
  valid_until: z.string(),
  note: z.string().nullable(),
  submitted_by: person,
  created_at: z.string(),
  /** Over the limit of the region's approvers: it waits for the chain's chain-admins. */
  escalated: z.boolean(),
  decided_by: person,
  decided_at: z.string().nullable(),
  decision_comment: z.string().nullable(),
  /** Whether the caller may decide it now (in scope, within its limit). */
  can_decide: z.boolean(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** `PUT /api/orders/{id}/nte`: an admin, or an approver up to its approval limit. */
export const nteBody = z.object({ nte_minor: minorUnits() });

/** `GET /api/orders/{id}/costs`: the lines, the totals against the NTE, and the latest quote. */
export const orderCostsSchema = z.object({
  ...orderCostFields,
  lines: z.array(costLineSchema),
  quote: quoteSchema.nullable(),
  /** The caller may add, change and remove lines (its technician or an admin, not yet invoiced). */
  can_edit: z.boolean(),
});
export type OrderCosts = z.infer<typeof orderCostsSchema>;

// ---- Invoices ------------------------------------------------------------------------------------

export const INVOICE_PERIOD_MAX_DAYS = 366;
export const invoiceBody = z
  .object({ chain_id: int4Id(), from: isoDay(), to: isoDay() })
  .refine((body) => body.to >= body.from, { message: v('invalid'), path: ['to'] });
export type InvoiceBody = z.output<typeof invoiceBody>;
export type InvoiceInput = z.input<typeof invoiceBody>;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export const INVOICE_SORTS = ['id', 'number', 'issue_date', 'total_minor'] as const;
export const invoiceListQuery = listQuery(INVOICE_SORTS).extend({
  chain_id: filterId(),
});

export const vatBreakdownSchema = z.object({ vat_bp: z.number(), taxable_minor: z.number(), vat_minor: z.number() });
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.number(),
  kind: z.enum(INVOICE_KINDS),
  credits_invoice_id: z.number().nullable(),
  /** The number of a credit note's invoice. */
  credits_number: z.number().nullable(),
  /** The credit note that reverses this invoice, if any. */
  credited_by_id: z.number().nullable(),
  credited_by_number: z.number().nullable(),
  chain_id: z.number(),
  chain_name: z.string(),
  period_from: z.string(),
  period_to: z.string(),
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.enum(CURRENCIES),
  language: z.string(),
  net_minor: z.number(),
  vat_minor: z.number(),
  total_minor: z.number(),
  vat_breakdown: z.array(vatBreakdownSchema),
  lines_count: z.number(),
  issued_by: person,
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceLineSchema = z.object({
  line_no: z.number(),
  order_id: z.number(),
  project_number: z.number(),
  description: z.string(),
  completed_on: z.string().nullable(),
  net_minor: z.number(),
  vat_bp: z.number(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;
/**
 * `GET /api/invoices/{id}?page=&limit=`: the invoice (its totals those of the whole invoice) with one
 * page of its lines in line order; an invoice of a month may hold tens of thousands.
 */
export const invoiceDetailSchema = invoiceSchema.extend({ lines: pageSchema(invoiceLineSchema) });
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;
