import { LOCALES } from '@wop/shared/constants';
import { HISTORY_KEYS } from '@wop/shared/order-history';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { call, createTestApp, multipart } from '../../test/app.ts';
import { pdfText } from '../../test/pdf.ts';

/* Every history line, in the app and the PDF, in the reader's language: never a key or a slug. */
const app = await createTestApp();

/** An order taken through the day: assigned, planned, completed with a note, signed off as not fixed. */
async function orderWithADay() {
  const body = multipart({ description: 'Kylen vid kassan surrar.', worktype_id: 3, priority: 20, store_id: 1 });
  const created = await call(app, 'POST', '/api/orders', { as: 'store', ...body });
  const { id } = created.json().payload as { id: number };
  for (const payload of [
    { technician_id: 6, approval_status: 'approved' },
    { status: 'planned', planned_at: '2026-12-01T07:30:00Z' },
    { status: 'completed', resolution: 'Bytte fläktmotorn.' },
  ]) {
    const res = await call(app, 'PUT', `/api/orders/${id}`, { as: 'admin', payload });
    expect(res.statusCode, res.body).toBe(200);
  }
  const signOff = await call(app, 'POST', `/api/orders/${id}/confirm`, {
    as: 'store',
    payload: { fixed: false, comment: 'Surrar igen.' },
  });
  expect(signOff.statusCode, signOff.body).toBe(201);
  return id;
}

describe('the order history in the reader language', () => {
  it('has every sentence of the history in every language', () => {
    for (const locale of LOCALES) {
      for (const key of HISTORY_KEYS) {
        const full = `orders.history.${key}`;
        expect(translate(locale, full), `${locale} ${full}`).not.toBe(full);
      }
    }
  });

  it('words every line of the PDF in Swedish and Finnish, the sign-off and its follow-up included', async () => {
    const id = await orderWithADay();
    const recall = (await call(app, 'GET', `/api/orders/${id}`, { as: 'store' })).json().payload.recall
      .project_number as number;
    const sv = pdfText(
      (await call(app, 'GET', `/api/orders/generatePdf/${id}`, { as: 'store', lang: 'sv' })).rawPayload,
    );
    for (const line of [
      'Historik',
      'Tekniker: Mikko Virtanen',
      'Godkännande: var Inväntar godkännande, nu Godkänd',
      'Planerad till: 1 dec. 2026 08:30',
      'Utfört arbete: Bytte fläktmotorn.',
      'Butiken angav att felet inte är åtgärdat',
      `Uppföljningsorder ${recall} skapad`,
    ]) {
      expect(sv, line).toContain(line);
    }
    const fi = pdfText(
      (await call(app, 'GET', `/api/orders/generatePdf/${id}`, { as: 'store', lang: 'fi' })).rawPayload,
    );
    for (const line of [
      'Historia',
      'Tila: oli Suunniteltu, nyt Valmis',
      'Tehty työ: Bytte fläktmotorn.',
      'Myymälä ilmoitti, ettei vikaa ole korjattu',
      `Jatkotilaus ${recall} avattu`,
    ]) {
      expect(fi, line).toContain(line);
    }
    for (const raw of ['not-fixed', 'confirmed', 'recall', 'approval_status', 'inget', 'ei mitään']) {
      expect(sv, raw).not.toContain(raw);
      expect(fi, raw).not.toContain(raw);
    }
  });

  it('keeps field, from and to as data in the answer', async () => {
    const id = await orderWithADay();
    const { history } = (await call(app, 'GET', `/api/orders/${id}`, { as: 'store', lang: 'fi' })).json().payload;
    expect(history.slice(-2)).toMatchObject([
      { field: 'confirmed', from: null, to: 'not-fixed' },
      { field: 'recall', from: null, to: expect.stringMatching(/^\d+$/) },
    ]);
  });
});
