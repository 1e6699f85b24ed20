import type { Locale } from '@wop/shared/constants';
import type { Invoice, InvoiceBody, InvoiceDetail, InvoiceLine } from '@wop/shared/costs';
import { vatOf } from '@wop/shared/money';
import type { ListParams, PageParams } from '@wop/shared/query';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { chains } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { pageOf } from '../../lib/http.ts';
import { type AuthUser, scopeOf } from '../../lib/scope.ts';
import { chainsInScope } from '../../lib/scope-sql.ts';
import { iso, userOf } from '../orders/orders.mapping.ts';
import { type Party, type PeppolLine, splitAddress } from './peppol.ts';

/** Days from issue to due date. */
export const PAYMENT_DAYS = 30;
/** The language of a chain's invoices: its country's. */
const LANGUAGE: Record<string, Locale> = { SE: 'sv', FI: 'fi' };

interface InvoiceRow extends Record<string, unknown> {
  id: number;
  number: number;
  kind: Invoice['kind'];
  credits_invoice_id: number | null;
  credits_number: number | null;
  credited_by_id: number | null;
  credited_by_number: number | null;
  chain_id: number;
  chain_name: string;
  period_from: string;
  period_to: string;
  issue_date: string;
  due_date: string;
  currency: Invoice['currency'];
  language: string;
  net_minor: number;
  vat_minor: number;
  total_minor: number;
  vat_breakdown: Invoice['vat_breakdown'];
  lines_count: number;
  issued_by: number | null;
  issued_by_name: string | null;
  created_at: Date | string;
}

const invoiceSelect = sql`
  select i.id, i.number, i.kind, i.credits_invoice_id,
    (select o.number from invoices o where o.id = i.credits_invoice_id) as credits_number,
    (select c.id from invoices c where c.credits_invoice_id = i.id) as credited_by_id,
    (select c.number from invoices c where c.credits_invoice_id = i.id) as credited_by_number,
    i.chain_id, (select chain_name from chains where id = i.chain_id) as chain_name,
    i.period_from::text as period_from, i.period_to::text as period_to, i.issue_date::text as issue_date,
    i.due_date::text as due_date, i.currency, i.language, i.net_minor, i.vat_minor, i.total_minor,
    i.vat_breakdown, i.lines_count, i.issued_by, u.name as issued_by_name, i.created_at
  from invoices i left join users u on u.id = i.issued_by`;

const toInvoice = (row: InvoiceRow): Invoice => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  credits_invoice_id: row.credits_invoice_id,
  credits_number: row.credits_number,
  credited_by_id: row.credited_by_id,
  credited_by_number: row.credited_by_number,
  chain_id: row.chain_id,
  chain_name: row.chain_name,
  period_from: row.period_from,
  period_to: row.period_to,
  issue_date: row.issue_date,
  due_date: row.due_date,
  currency: row.currency,
  language: row.language,
  net_minor: row.net_minor,
  vat_minor: row.vat_minor,
  total_minor: row.total_minor,
  vat_breakdown: row.vat_breakdown,
  lines_count: row.lines_count,
  issued_by: userOf(row.issued_by, row.issued_by_name),
  created_at: iso(row.created_at) as string,
});

/** Invoices of the chains in the caller's scope (`invoices.chain_id` read as `chains.id`). */
const invoicesInScope = (user: AuthUser): SQL | undefined => {
  const scope = chainsInScope(scopeOf(user));
  return scope ? sql`i.chain_id in (select ${chains.id} from ${chains} where ${scope})` : undefined;
};

/** The next number of the one series (invoices and credit notes): taken in the issuing transaction. */
async function nextNumber(tx: DbOrTx) {
  const { rows } = await tx.execute<{ n: number }>(
    sql`update invoice_numbers set last_number = last_number + 1 where id = 1 returning last_number as n`,
  );
  return rows[0].n;
}

async function newInvoiceId(tx: DbOrTx) {
  const { rows } = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('invoices', 'id'))::int as id`,
  );
  return rows[0].id;
}

export function createInvoicesService(db: Db, timeZone: string) {
  async function find(user: AuthUser, id: number) {
    const { rows } = await db.execute<InvoiceRow>(
      sql`${invoiceSelect} where ${and(sql`i.id = ${id}`, invoicesInScope(user))}`,
    );
    if (!rows[0]) throw new NotFoundError('invoices.not_found');
    return rows[0];
  }

  /**
   * The invoice with one page of its lines. Lines are numbered 1..lines_count without gaps, so a page is
   * a range of line numbers: one indexed read, as quick for the last page of 40,000 lines as the first.
   */
  async function detail(user: AuthUser, id: number, page: PageParams): Promise<InvoiceDetail> {
    const row = await find(user, id);
    const { rows: lines } = await db.execute<InvoiceLine & Record<string, unknown>>(sql`
      select line_no, order_id, project_number, description, completed_on::text as completed_on, net_minor, vat_bp
      from invoice_lines where invoice_id = ${id} and line_no > ${(page.page - 1) * page.limit}
      order by line_no limit ${page.limit}`);
    return { ...toInvoice(row), lines: pageOf(lines, row.lines_count, page) };
  }

  /** The invoice's lines in line order, `size` at a time (keyset on the line number: each batch is one indexed read). */
  async function* linesOf(id: number, size = 2000): AsyncGenerator<PeppolLine[]> {
    let after = 0;
    for (;;) {
      const { rows } = await db.execute<PeppolLine & Record<string, unknown>>(sql`
        select line_no, project_number, description, completed_on::text as completed_on, net_minor, vat_bp
        from invoice_lines where invoice_id = ${id} and line_no > ${after} order by line_no limit ${size}`);
      if (rows.length) yield rows;
      if (rows.length < size) return;
      after = rows[rows.length - 1].line_no;
    }
  }

  /**
   * What a document of the invoice needs beyond its row: the buyer as it was when issued (its Peppol id and
   * VAT number from the chain today when the invoice predates them), and a credit note's invoice.
   */
  async function documentOf(user: AuthUser, id: number) {
    const row = await find(user, id);
    const { rows } = await db.execute<{
      buyer: Record<string, string | null>;
      peppol_id: string | null;
      vat_id: string | null;
      credits_number: number | null;
      credits_issue_date: string | null;
    }>(sql`
      select i.buyer, c.peppol_id, c.vat_id, o.number as credits_number, o.issue_date::text as credits_issue_date
      from invoices i join chains c on c.id = i.chain_id left join invoices o on o.id = i.credits_invoice_id
      where i.id = ${id}`);
    const extra = rows[0];
    const b = extra.buyer;
    const country = b.country ?? 'SE';
    const buyer: Party = {
      name: b.name ?? row.chain_name,
      address: splitAddress(b.address ?? '', country),
      orgNumber: b.org_number ?? null,
      vatId: b.vat_id ?? extra.vat_id,
      peppolId: b.peppol_id ?? extra.peppol_id,
      email: b.email ?? null,
      contact: b.contact ?? null,
    };
    const credits =
      extra.credits_number !== null && extra.credits_issue_date !== null
        ? { number: extra.credits_number, issue_date: extra.credits_issue_date }
        : null;
    return { invoice: toInvoice(row), buyer, credits };
  }

  return {
    detail,
    find,
    linesOf,
    documentOf,

    async list(user: AuthUser, params: ListParams & { chain_id?: number }) {
      const where = and(
        invoicesInScope(user),
        params.chain_id ? sql`i.chain_id = ${params.chain_id}` : undefined,
        params.q ? sql`(i.number::text = ${params.q.trim()})` : undefined,
      );
      const sort = sql.raw(`i.${params.sort_by} ${params.sort_order === 'asc' ? 'asc' : 'desc'}, i.id desc`);
      const [{ rows }, { rows: count }] = await Promise.all([
        db.execute<InvoiceRow>(sql`${invoiceSelect} ${where ? sql`where ${where}` : sql``}
          order by ${sort} limit ${params.limit} offset ${(params.page - 1) * params.limit}`),
        db.execute<{ total: number }>(
          sql`select count(*)::int as total from invoices i ${where ? sql`where ${where}` : sql``}`,
        ),
      ]);
      return pageOf(rows.map(toInvoice), count[0].total, params);
    },

    /**
     * Invoices a chain for a period: its completed orders (completed between `from` and `to`, whole days
     * in the app's time zone) not yet invoiced, one line each at the cost booked on it, VAT at the chain's
     * rate per rate group. Issuers queue on the number series' row, so numbers follow each other without
     * gaps (a failed issue rolls its number back) and an order is claimed by one invoice only: the
     * second of two admins invoicing the same period finds nothing left (409).
     */
    async issue(user: AuthUser, body: InvoiceBody) {
      const days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000;
      if (days > 366) throw ValidationError.field('to', 'invoices.period_too_long');
      const id = await db.transaction(async (tx) => {
        const { rows: chainRows } = await tx.execute<{
          id: number;
          chain_name: string;
          invoice_address: string;
          org_number: string | null;
          peppol_id: string | null;
          vat_id: string | null;
          country: string;
          currency: string;
          vat_bp: number;
          email: string;
          contact_person: string;
        }>(sql`select id, chain_name, invoice_address, org_number, peppol_id, vat_id, country, currency, vat_bp, email, contact_person
          from chains where id = ${body.chain_id}`);
        const chain = chainRows[0];
        if (!chain) throw ValidationError.field('chain_id', 'v:not_found');
        const number = await nextNumber(tx);
        const invoiceId = await newInvoiceId(tx);
        const language = LANGUAGE[chain.country] ?? 'en';
        const claimed = await tx.execute(sql`
          update order_costs oc set invoice_id = ${invoiceId}
          from orders o
          where o.id = oc.order_id and oc.invoice_id is null and o.chain_id = ${chain.id}
            and o.status_id = (select id from order_statuses where slug = 'completed')
            and o.completed_at >= (${body.from}::date)::timestamp at time zone ${timeZone}
            and o.completed_at < ((${body.to}::date + 1)::timestamp at time zone ${timeZone})`);
        if (!claimed.rowCount) throw new ConflictError('invoices.nothing_to_invoice');
        const { rows: sums } = await tx.execute<{ net: number; n: number }>(sql`
          select coalesce(sum(labour_minor + callout_minor + material_minor + other_minor), 0)::bigint as net,
            count(*)::int as n
          from order_costs where invoice_id = ${invoiceId}`);
        const net = sums[0].net;
        const vat = vatOf(net, chain.vat_bp);
        const { rows: dates } = await tx.execute<{ today: string; due: string }>(sql`
          select (now() at time zone ${timeZone})::date::text as today,
            ((now() at time zone ${timeZone})::date + ${PAYMENT_DAYS}::int)::text as due`);
        const buyer = {
          name: chain.chain_name,
          address: chain.invoice_address,
          country: chain.country,
          org_number: chain.org_number,
          peppol_id: chain.peppol_id,
          vat_id: chain.vat_id,
          email: chain.email,
          contact: chain.contact_person,
        };
        await tx.execute(sql`
          insert into invoices (id, number, kind, chain_id, period_from, period_to, issue_date, due_date, currency,
            language, buyer, vat_breakdown, net_minor, vat_minor, total_minor, lines_count, issued_by)
          values (${invoiceId}, ${number}, 'invoice', ${chain.id}, ${body.from}, ${body.to}, ${dates[0].today},
            ${dates[0].due}, ${chain.currency}, ${language}, ${JSON.stringify(buyer)}::jsonb,
            ${JSON.stringify([{ vat_bp: chain.vat_bp, taxable_minor: net, vat_minor: vat }])}::jsonb,
            ${net}, ${vat}, ${net + vat}, ${sums[0].n}, ${user.id})`);
        // One statement for every line, however many orders: nothing is held in the server's memory.
        await tx.execute(sql`
          insert into invoice_lines (invoice_id, line_no, order_id, project_number, description, completed_on, net_minor, vat_bp)
          select ${invoiceId}, row_number() over (order by o.completed_at, o.project_number), o.id, o.project_number,
            coalesce(nullif(wtt.title, ''), wt.title) || ' – ' || s.store_name,
            (o.completed_at at time zone ${timeZone})::date,
            oc.labour_minor + oc.callout_minor + oc.material_minor + oc.other_minor, ${chain.vat_bp}
          from order_costs oc
          join orders o on o.id = oc.order_id
          join stores s on s.id = o.store_id
          join work_types wt on wt.id = o.work_type_id
          left join work_type_translations wtt on wtt.work_type_id = wt.id and wtt.locale = ${language}
          where oc.invoice_id = ${invoiceId}`);
        return invoiceId;
      });
      return toInvoice(await find(user, id));
    },

    /** A credit note reverses an invoice whole (negated lines and totals) and frees its orders to be invoiced again. */
    async credit(user: AuthUser, invoiceId: number) {
      const id = await db.transaction(async (tx) => {
        const number = await nextNumber(tx);
        const { rows } = await tx.execute<{ kind: string; credited: boolean }>(sql`
          select kind, exists (select 1 from invoices c where c.credits_invoice_id = i.id) as credited
          from invoices i where i.id = ${invoiceId} for share`);
        const original = rows[0];
        if (!original) throw new NotFoundError('invoices.not_found');
        if (original.kind !== 'invoice') throw new ConflictError('invoices.credit_of_credit');
        if (original.credited) throw new ConflictError('invoices.already_credited');
        const creditId = await newInvoiceId(tx);
        await tx.execute(sql`
          insert into invoices (id, number, kind, credits_invoice_id, chain_id, period_from, period_to, issue_date,
            due_date, currency, language, buyer, vat_breakdown, net_minor, vat_minor, total_minor, lines_count, issued_by)
          select ${creditId}, ${number}, 'credit_note', i.id, i.chain_id, i.period_from, i.period_to,
            (now() at time zone ${timeZone})::date, (now() at time zone ${timeZone})::date, i.currency, i.language,
            i.buyer,
            (select jsonb_agg(jsonb_build_object('vat_bp', (b->>'vat_bp')::int, 'taxable_minor', -(b->>'taxable_minor')::bigint,
              'vat_minor', -(b->>'vat_minor')::bigint)) from jsonb_array_elements(i.vat_breakdown) b),
            -i.net_minor, -i.vat_minor, -i.total_minor, i.lines_count, ${user.id}
          from invoices i where i.id = ${invoiceId}`);
        await tx.execute(sql`
          insert into invoice_lines (invoice_id, line_no, order_id, project_number, description, completed_on, net_minor, vat_bp)
          select ${creditId}, line_no, order_id, project_number, description, completed_on, -net_minor, vat_bp
          from invoice_lines where invoice_id = ${invoiceId}`);
        await tx.execute(sql`update order_costs set invoice_id = null where invoice_id = ${invoiceId}`);
        return creditId;
      });
      return toInvoice(await find(user, id));
    },
  };
}
