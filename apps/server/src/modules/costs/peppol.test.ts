import { describe, expect, it } from 'vitest';
import { ublFailures } from '../../test/ubl-check.ts';
import { type Party, type PeppolLine, peppolXml } from './peppol.ts';

const party = (name: string, peppolId: string): Party => ({
  name,
  address: { lines: ['Storgatan 1'], postalCode: '111 22', city: 'Stockholm', country: 'SE' },
  orgNumber: '5560000001',
  vatId: 'SE556000000101',
  peppolId,
  email: null,
  contact: 'Inköp',
});

async function* batches(count: number, size: number): AsyncGenerator<PeppolLine[]> {
  for (let from = 1; from <= count; from += size) {
    yield Array.from({ length: Math.min(size, count - from + 1) }, (_, i) => ({
      line_no: from + i,
      project_number: 1000 + from + i,
      description: `Arbete ${from + i}`,
      completed_on: '2026-10-15',
      net_minor: 10_000,
      vat_bp: 2500,
    }));
  }
}

describe('the Peppol document as a stream', () => {
  it('writes a large invoice in small pieces, with every line once and in order', async () => {
    const count = 2_345;
    const net = count * 10_000;
    const pieces: string[] = [];
    for await (const piece of peppolXml(
      {
        kind: 'invoice',
        number: 7,
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        period_from: '2026-10-01',
        period_to: '2026-10-31',
        currency: 'SEK',
        net_minor: net,
        vat_minor: net / 4,
        total_minor: net + net / 4,
        vat_breakdown: [{ vat_bp: 2500, taxable_minor: net, vat_minor: net / 4 }],
        credits: null,
      },
      { ...party('Underhåll AB', '0007:5566778899'), iban: 'SE4550000000058398257466', bic: null },
      party('Kedjan AB', '0007:5560000001'),
      batches(count, 1_000),
      { paymentTerms: 'Betalning inom 30 dagar netto.', line: (line) => `Order ${line.project_number}` },
    )) {
      pieces.push(piece);
    }
    const xml = pieces.join('');
    expect(ublFailures(xml, 'SEK')).toEqual([]);
    const ids = [...xml.matchAll(/<cac:InvoiceLine><cbc:ID>(\d+)<\/cbc:ID>/g)].map((m) => Number(m[1]));
    expect(ids).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    // No piece holds more than a hundred lines: the stream never keeps a whole batch's text.
    expect(Math.max(...pieces.map((piece) => piece.match(/<cac:InvoiceLine>/g)?.length ?? 0))).toBe(100);
  });
});
