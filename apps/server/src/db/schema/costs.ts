import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, day, instant, timestamps } from './columns.ts';
import { orderId, orders } from './orders.ts';
import { chainRef } from './org.ts';
import { userRef } from './users.ts';

/** Money columns: minor units; sums of lines may pass int4, so int8 (read back as numbers, db/client.ts). */
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * What an order costs, one row per order: its not-to-exceed limit and its running totals per kind of
 * line (kept in the transaction that writes a line, so lists, the dashboard and invoicing read one row,
 * not the lines). Made with the order by a trigger (migration 0018), the NTE from its chain's table.
 */
export const orderCosts = pgTable(
  'order_costs',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    nteMinor: integer('nte_minor').notNull(),
    labourMinor: money('labour_minor').notNull().default(0),
    calloutMinor: money('callout_minor').notNull().default(0),
    materialMinor: money('material_minor').notNull().default(0),
    otherMinor: money('other_minor').notNull().default(0),
    /** The latest quote's status (submitted, approved, rejected), or null without one. */
    quoteStatus: varchar('quote_status', { length: 16 }),
    /** The invoice that bills the order; a credit note frees the order to be invoiced again. */
    invoiceId: integer('invoice_id'),
  },
  (t) => [index('order_costs_invoice_idx').on(t.invoiceId)],
);

export const costLines = pgTable(
  'cost_lines',
  {
    id: serial('id').primaryKey(),
    orderId: orderId(),
    kind: varchar('kind', { length: 16 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    quantityMilli: integer('quantity_milli').notNull(),
    unitPriceMinor: integer('unit_price_minor').notNull(),
    /** quantity x unit price / 1000, rounded half up (@wop/shared/money lineAmount). */
    amountMinor: money('amount_minor').notNull(),
    /** The site visit a labour or call-out line was made from: each visit adds each kind once. */
    visitId: integer('visit_id'),
    createdBy: userRef('created_by'),
    ...timestamps(),
  },
  (t) => [
    index('cost_lines_order_idx').on(t.orderId, t.id),
    uniqueIndex('cost_lines_visit_kind_unique').on(t.visitId, t.kind).where(sql`${t.visitId} is not null`),
    check('cost_lines_kind_check', sql`${t.kind} in ('labour', 'callout', 'material', 'other')`),
  ],
);

export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    orderId: orderId(),
    status: varchar('status', { length: 16 }).notNull().default('submitted'),
    /** `[{ kind, description, quantity_milli, unit_price_minor, amount_minor }]` as submitted. */
    lines: jsonb('lines').notNull(),
    totalMinor: money('total_minor').notNull(),
    validUntil: day('valid_until').notNull(),
    note: text('note'),
    submittedBy: userRef('submitted_by'),
    /** Over the limit of the approvers of the order's region: only the chain's chain-admins decide it. */
    escalated: boolean('escalated').notNull().default(false),
    decidedBy: userRef('decided_by'),
    decidedAt: instant('decided_at'),
    decisionComment: text('decision_comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('quotes_order_idx').on(t.orderId, t.id),
    uniqueIndex('quotes_one_open_unique').on(t.orderId).where(sql`${t.status} = 'submitted'`),
    check('quotes_status_check', sql`${t.status} in ('submitted', 'approved', 'rejected')`),
  ],
);

/**
 * Invoices and credit notes, one number series without gaps (`invoice_numbers`): a number is taken
 * in the issuing transaction, so a failed issue leaves no hole. Immutable once written: nothing
 * updates or deletes them (a trigger refuses it, migration 0018).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: integer('number').notNull().unique(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** A credit note's invoice; an invoice is credited at most once. */
    creditsInvoiceId: integer('credits_invoice_id').unique(),
    chainId: chainRef('restrict'),
    periodFrom: day('period_from').notNull(),
    periodTo: day('period_to').notNull(),
    issueDate: day('issue_date').notNull(),
    dueDate: day('due_date').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** The chain's language when issued (sv for SE, fi for FI): the PDF's. */
    language: varchar('language', { length: 2 }).notNull(),
    /** The buyer as it was when issued. */
    buyer: jsonb('buyer').notNull(),
    /** `[{ vat_bp, taxable_minor, vat_minor }]`, one per rate. */
    vatBreakdown: jsonb('vat_breakdown').notNull(),
    netMinor: money('net_minor').notNull(),
    vatMinor: money('vat_minor').notNull(),
    totalMinor: money('total_minor').notNull(),
    linesCount: integer('lines_count').notNull(),
    issuedBy: userRef('issued_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_chain_idx').on(t.chainId, t.id),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    lineNo: integer('line_no').notNull(),
    orderId: integer('order_id').notNull(),
    projectNumber: integer('project_number').notNull(),
    description: text('description').notNull(),
    completedOn: day('completed_on'),
    netMinor: money('net_minor').notNull(),
    vatBp: integer('vat_bp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.lineNo] }), index('invoice_lines_order_idx').on(t.orderId)],
);

/** The last invoice number given (one row): the issuing transaction locks and raises it. */
export const invoiceNumbers = pgTable('invoice_numbers', {
  id: integer('id').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});
