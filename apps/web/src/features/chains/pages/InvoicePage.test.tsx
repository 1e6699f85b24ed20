import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvoiceDetail } from '@wop/shared/costs';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CurrentUserContext } from '../../../lib/current-user.ts';
import { makeUser, mockApi, renderWithProviders } from '../../../test/utils.tsx';
import { InvoicePage } from './InvoicePage.tsx';

const line = (n: number) => ({
  line_no: n,
  order_id: 100 + n,
  project_number: 5000 + n,
  description: `Kyla – Södermalm ${n}`,
  completed_on: '2026-10-03',
  net_minor: 10_000,
  vat_bp: 2500,
});

const INVOICE: Omit<InvoiceDetail, 'lines'> = {
  id: 7,
  number: 42,
  kind: 'invoice',
  credits_invoice_id: null,
  credits_number: null,
  credited_by_id: null,
  credited_by_number: null,
  chain_id: 1,
  chain_name: 'Norrgården Livs',
  period_from: '2026-10-01',
  period_to: '2026-10-31',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  currency: 'SEK',
  language: 'sv',
  net_minor: 600_000,
  vat_minor: 150_000,
  total_minor: 750_000,
  vat_breakdown: [{ vat_bp: 2500, taxable_minor: 600_000, vat_minor: 150_000 }],
  lines_count: 60,
  issued_by: { id: 2, name: 'Anna Admin' },
  created_at: '2026-11-02T08:00:00.000Z',
};
const LINES = Array.from({ length: 60 }, (_, i) => line(i + 1));

/** The invoice with the page of its lines that the query asks for, as the server answers it. */
function withLines(url: URL, invoice: Omit<InvoiceDetail, 'lines'>): InvoiceDetail {
  const page = Number(url.searchParams.get('page') ?? 1);
  const limit = Number(url.searchParams.get('limit') ?? 25);
  return {
    ...invoice,
    lines: {
      data: LINES.slice((page - 1) * limit, page * limit),
      current_page: page,
      last_page: Math.ceil(LINES.length / limit),
      per_page: limit,
      total: LINES.length,
    },
  };
}

function setup(role: 'admin' | 'chain-admin') {
  const posted: string[] = [];
  const asked: string[] = [];
  const fetchMock = mockApi({
    'GET /api/invoices/7': ({ url }) => {
      asked.push(url.search);
      return { body: { message: null, payload: withLines(url, INVOICE) } };
    },
    'GET /api/invoices/8': ({ url }) => ({
      body: {
        message: null,
        payload: withLines(url, {
          ...INVOICE,
          id: 8,
          number: 43,
          kind: 'credit_note',
          credits_invoice_id: 7,
          credits_number: 42,
        }),
      },
    }),
    'POST /api/invoices/7/credit': () => {
      posted.push('credit');
      return { status: 201, body: { message: 'Credit note issued.', payload: { ...INVOICE, id: 8, number: 43 } } };
    },
  });
  renderWithProviders(
    <CurrentUserContext.Provider value={makeUser(role)}>
      <Routes>
        <Route path="/chains/:chainId/invoices/:invoiceId" element={<InvoicePage />} />
      </Routes>
    </CurrentUserContext.Provider>,
    { route: '/chains/1/invoices/7' },
  );
  return { asked, fetchMock, posted, user: userEvent.setup() };
}

describe('an invoice page', () => {
  it('shows the totals of the whole invoice, the VAT per rate and its lines a page of 50 at a time, each order linked', async () => {
    const { asked, user } = setup('chain-admin');
    expect(await screen.findByRole('heading', { name: 'Invoice 42' })).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'VAT and totals' });
    expect(within(totals).getByRole('row', { name: /25 %/ })).toHaveTextContent('SEK 6,000.00SEK 1,500.00');
    expect(within(totals).getByRole('row', { name: /Total to pay/ })).toHaveTextContent('SEK 7,500.00');
    const lines = screen.getByRole('table', { name: '60 lines' });
    expect(within(lines).getAllByRole('row')).toHaveLength(51);
    expect(within(lines).getByRole('link', { name: '5001' })).toHaveAttribute('href', '/chains/1/orders/101');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(lines).findByRole('link', { name: '5060' })).toBeInTheDocument();
    expect(within(lines).getAllByRole('row')).toHaveLength(11);
    // The server is asked for one page at a time, never for every line.
    expect(asked).toEqual(['?page=1&limit=50', '?page=2&limit=50']);
    // The totals are still the whole invoice's.
    expect(within(totals).getByRole('row', { name: /Total to pay/ })).toHaveTextContent('SEK 7,500.00');
    // A chain-admin reads it; only admins credit.
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download Peppol XML' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Credit this invoice' })).toBeNull();
  });

  it('lets an admin credit it and opens the credit note, which links back to the invoice', async () => {
    const { posted, user } = setup('admin');
    await user.click(await screen.findByRole('button', { name: 'Credit this invoice' }));
    expect(posted).toEqual(['credit']);
    expect(await screen.findByRole('heading', { name: 'Credit note 43' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Credits invoice 42' })).toHaveAttribute('href', '/chains/1/invoices/7');
    expect(screen.getByRole('row', { name: /Total credited/ })).toBeInTheDocument();
  });
});
