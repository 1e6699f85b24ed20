import { vatOf } from '@wop/shared/money';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../../test/app.ts';
import { bookCosts, invoicePeriod, sqlOf } from '../../test/costs.ts';

const app = await createTestApp();
const query = sqlOf(app);

const uninvoiced = async (chainId: number) =>
  (
    await query<{ n: number }>(
      `select count(*)::int as n from orders o join order_statuses s on s.id = o.status_id
       join order_costs oc on oc.order_id = o.id
       where o.chain_id = $1 and s.slug = 'completed' and oc.invoice_id is null`,
      [chainId],
    )
  )[0].n;

describe('invoices', () => {
  it("collect a chain's completed, uninvoiced orders, one line each, VAT at its rate, and close their costs", async () => {
    await bookCosts(app, 2, 12_345);
    const expected = await uninvoiced(2);
    expect(expected).toBeGreaterThan(0);
    const res = await call(app, 'POST', '/api/invoices', { as: 'admin', payload: { chain_id: 2, ...invoicePeriod } });
    expect(res.statusCode, res.body).toBe(201);
    const invoice = res.json().payload;
    const net = expected * 12_345;
    expect(invoice).toMatchObject({
      kind: 'invoice',
      currency: 'EUR',
      language: 'fi',
      lines_count: expected,
      net_minor: net,
      vat_minor: vatOf(net, 2550),
      total_minor: net + vatOf(net, 2550),
      vat_breakdown: [{ vat_bp: 2550, taxable_minor: net, vat_minor: vatOf(net, 2550) }],
    });
    const detail = (await call(app, 'GET', `/api/invoices/${invoice.id}?limit=1000`, { as: 'chainAdmin2' })).json()
      .payload;
    expect(detail.lines.total).toBe(expected);
    expect(detail.lines.data.reduce((sum: number, l: { net_minor: number }) => sum + l.net_minor, 0)).toBe(net);
    expect(await uninvoiced(2)).toBe(0);
    // The orders' costs are closed now.
    const orderId = detail.lines.data[0].order_id;
    const order = (await call(app, 'GET', `/api/orders/${orderId}`, { as: 'admin' })).json().payload;
    expect(order.invoice_id).toBe(invoice.id);
    const line = await call(app, 'POST', `/api/orders/${orderId}/costs`, {
      as: 'admin',
      payload: { kind: 'other', description: 'Parkering', quantity_milli: 1000, unit_price_minor: 500 },
    });
    expect(line.statusCode).toBe(409);
    // Nothing is left in that period.
    const again = await call(app, 'POST', '/api/invoices', { as: 'admin', payload: { chain_id: 2, ...invoicePeriod } });
    expect(again.statusCode).toBe(409);
  });

  it('are read by the chain-admins of their chain only, and issued by admins only', async () => {
    const list = await call(app, 'GET', '/api/invoices', { as: 'chainAdmin' });
    expect(list.statusCode).toBe(200);
    expect(list.json().payload.data.every((i: { chain_id: number }) => i.chain_id === 1)).toBe(true);
    const [other] = await query<{ id: number }>('select id from invoices where chain_id = 2 limit 1');
    expect((await call(app, 'GET', `/api/invoices/${other.id}`, { as: 'chainAdmin' })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/invoices', { as: 'store' })).statusCode).toBe(403);
    const byChainAdmin = await call(app, 'POST', '/api/invoices', {
      as: 'chainAdmin',
      payload: { chain_id: 1, ...invoicePeriod },
    });
    expect(byChainAdmin.statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/invoices')).statusCode).toBe(401);
  });

  it('refuses a period that ends before it starts, and a chain that does not exist', async () => {
    const res = await call(app, 'POST', '/api/invoices', {
      as: 'admin',
      lang: 'sv',
      payload: { chain_id: 1, from: '2026-02-01', to: '2026-01-01' },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['to']);
    const none = await call(app, 'POST', '/api/invoices', {
      as: 'admin',
      payload: { chain_id: 99_999, ...invoicePeriod },
    });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['chain_id']);
  });

  it('two admins invoicing at once: every order invoiced once, numbers without gaps', async () => {
    await bookCosts(app, 1, 50_000);
    await bookCosts(app, 3, 70_000);
    const [{ last }] = await query<{ last: number }>('select last_number as last from invoice_numbers');
    const before1 = await uninvoiced(1);
    const answers = await Promise.all([
      call(app, 'POST', '/api/invoices', { as: 'admin', payload: { chain_id: 1, ...invoicePeriod } }),
      call(app, 'POST', '/api/invoices', { as: 'superAdmin', payload: { chain_id: 1, ...invoicePeriod } }),
      call(app, 'POST', '/api/invoices', { as: 'admin', payload: { chain_id: 3, ...invoicePeriod } }),
    ]);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    const numbers = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => a.json().payload.number)
      .sort();
    expect(numbers).toEqual([last + 1, last + 2]);
    const chain1 = answers.find((a) => a.statusCode === 201 && a.json().payload.chain_id === 1)?.json().payload;
    expect(chain1.lines_count).toBe(before1);
    const [{ twice }] = await query<{ twice: number }>(
      `select count(*)::int as twice from (select order_id from invoice_lines l join invoices i on i.id = l.invoice_id
        where i.kind = 'invoice' group by order_id having count(*) > 1) d`,
    );
    expect(twice).toBe(0);
  });

  it('are reversed whole by a credit note, which frees their orders to be invoiced again', async () => {
    const [original] = await query<{ id: number; number: number; total_minor: number }>(
      "select id, number, total_minor from invoices where chain_id = 2 and kind = 'invoice' order by id limit 1",
    );
    const credit = await call(app, 'POST', `/api/invoices/${original.id}/credit`, { as: 'admin' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json().payload).toMatchObject({
      kind: 'credit_note',
      credits_invoice_id: original.id,
      total_minor: -original.total_minor,
    });
    expect(
      (await call(app, 'GET', `/api/invoices/${original.id}`, { as: 'admin' })).json().payload.credited_by_id,
    ).toBe(credit.json().payload.id);
    expect((await call(app, 'POST', `/api/invoices/${original.id}/credit`, { as: 'admin' })).statusCode).toBe(409);
    expect(await uninvoiced(2)).toBeGreaterThan(0);
    const reissued = await call(app, 'POST', '/api/invoices', {
      as: 'admin',
      payload: { chain_id: 2, ...invoicePeriod },
    });
    expect(reissued.statusCode).toBe(201);
    expect(reissued.json().payload.total_minor).toBe(original.total_minor);
  });

  it("answer their lines a page at a time, in line order, with the whole invoice's totals", async () => {
    // Seven more completed orders of chain 3 (all of its others are invoiced by now), 100 € of material each.
    await query(
      `with made as (
         insert into orders (description, work_type_id, priority, chain_id, region_id, store_id, approval_status,
           status_id, completed_at, due_at)
         select 'Sidor ' || g, 1, 20, s.chain_id, s.region_id, s.id, 'approved',
           (select id from order_statuses where slug = 'completed'), now() - interval '1 day', now()
         from generate_series(1, 7) g, (select * from stores where chain_id = 3 order by id limit 1) s
         returning id),
       lines as (
         insert into cost_lines (order_id, kind, description, quantity_milli, unit_price_minor, amount_minor)
         select id, 'material', 'Reservdel', 1000, 10000, 10000 from made returning order_id)
       update order_costs set material_minor = material_minor + 10000 where order_id in (select order_id from lines)`,
    );
    const issued = await call(app, 'POST', '/api/invoices', {
      as: 'admin',
      payload: { chain_id: 3, ...invoicePeriod },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json().payload as { id: number; lines_count: number; total_minor: number };
    expect(invoice.lines_count).toBe(7);
    const pageOf = async (search: string) => {
      const res = await call(app, 'GET', `/api/invoices/${invoice.id}${search}`, { as: 'admin' });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().payload;
    };
    const first = await pageOf('');
    // The contract's list page, 25 lines by default.
    expect(first.lines).toMatchObject({
      current_page: 1,
      per_page: 25,
      total: invoice.lines_count,
      last_page: Math.ceil(invoice.lines_count / 25),
    });
    expect(first.lines.data).toHaveLength(Math.min(25, invoice.lines_count));
    expect(first.total_minor).toBe(invoice.total_minor);
    // Pages of 2 follow each other without a gap or a repeat, to the last (shorter) one.
    const lastPage = Math.ceil(invoice.lines_count / 2);
    const seen: number[] = [];
    for (let page = 1; page <= lastPage; page++) {
      const answer = await pageOf(`?page=${page}&limit=2`);
      expect(answer.lines).toMatchObject({ current_page: page, last_page: lastPage, per_page: 2 });
      expect(answer.total_minor).toBe(invoice.total_minor);
      seen.push(...answer.lines.data.map((l: { line_no: number }) => l.line_no));
    }
    expect(seen).toEqual(Array.from({ length: invoice.lines_count }, (_, i) => i + 1));
    // Past the last page: no lines, the same totals.
    const past = await pageOf(`?page=${lastPage + 1}&limit=2`);
    expect(past.lines).toMatchObject({ data: [], current_page: lastPage + 1, total: invoice.lines_count });
    // A page size the contract does not allow is a localized 422 naming the field.
    for (const bad of ['limit=0', 'limit=1001', 'limit=2.5', 'page=0', 'page=x']) {
      const [en, fi] = await Promise.all(
        (['en', 'fi'] as const).map((lang) =>
          call(app, 'GET', `/api/invoices/${invoice.id}?${bad}`, { as: 'admin', lang }),
        ),
      );
      expect([en.statusCode, fi.statusCode], bad).toEqual([422, 422]);
      expect(Object.keys(fi.json().errors), bad).toEqual([bad.split('=')[0]]);
      expect(fi.json().message, bad).not.toBe(en.json().message);
    }
  });

  it('can never be changed or removed once issued, not even in the database', async () => {
    await expect(query('update invoices set total_minor = 0')).rejects.toThrow(/immutable/);
    await expect(query('delete from invoice_lines')).rejects.toThrow(/immutable/);
  });
});
