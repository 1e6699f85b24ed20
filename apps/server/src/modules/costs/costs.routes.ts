import { Readable } from 'node:stream';
import { isLocale, type Locale } from '@wop/shared/constants';
import {
  costLineBody,
  costLineParams,
  costLineSchema,
  invoiceBody,
  invoiceDetailSchema,
  invoiceListQuery,
  invoiceSchema,
  nteBody,
  orderCostsSchema,
  quoteBody,
  quoteDecisionBody,
  quoteSchema,
} from '@wop/shared/costs';
import { downloadQuery, idParams, pageQuery } from '@wop/shared/query';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { translate } from '../../i18n/index.ts';
import { created, emptyEnvelope, envelope, pageEnvelope } from '../../lib/http.ts';
import { contentResponse, errorResponses } from '../../lib/openapi-errors.ts';
import { contentDisposition } from '../../lib/uploads.ts';
import { createCostsService } from './costs.service.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { createInvoicesService, PAYMENT_DAYS } from './invoices.service.ts';
import { assertPeppolReady, peppolXml, sellerOf } from './peppol.ts';
import { createQuotesService } from './quotes.service.ts';

export default async function costsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const costs = createCostsService(app.db);
  const quotes = createQuotesService(app.db, app.appConfig.APP_TIMEZONE);
  const invoices = createInvoicesService(app.db, app.appConfig.APP_TIMEZONE);
  const tags = ['costs'];
  const seller = sellerOf(app.appConfig);
  /** The language of an invoice's documents: the chain's when issued. */
  const languageOf = (language: string): Locale => (isLocale(language) ? language : 'en');
  const lineWritten = { 200: envelope(costLineSchema), ...errorResponses(409) };

  app.get(
    '/orders/:id/costs',
    {
      schema: {
        tags,
        description:
          "The order's cost lines, its totals per kind against its not-to-exceed limit (`nte_minor`), and its latest quote. Amounts in minor units of `cost.currency`.",
        params: idParams,
        response: { 200: envelope(orderCostsSchema) },
      },
      onRequest: app.requirePermission('cost:list'),
    },
    async (request) => ({
      message: null,
      payload: await costs.answer(
        request.user,
        request.params.id,
        await quotes.latest(request.user, request.params.id),
      ),
    }),
  );

  app.post(
    '/orders/:id/costs',
    {
      schema: {
        tags,
        description:
          "A cost line by the order's technician or an admin: its amount is quantity_milli x unit_price_minor / 1000, rounded half up. 409 `nte_exceeded` when it takes the total past the NTE (submit a quote: an approved one raises the NTE); 409 when the order is invoiced.",
        params: idParams,
        body: costLineBody,
        response: { 201: envelope(costLineSchema), ...errorResponses(409) },
      },
      onRequest: app.requirePermission('cost:manage'),
    },
    async (request, reply) =>
      created(
        reply,
        request.t('costs.line_added'),
        await costs.add(request.user, request.params.id, request.body, request.locale),
      ),
  );

  app.put(
    '/orders/:id/costs/:line',
    {
      schema: {
        tags,
        description: "Changes a cost line (as POST). A site visit's lines are changed by correcting the visit (409).",
        params: costLineParams,
        body: costLineBody,
        response: lineWritten,
      },
      onRequest: app.requirePermission('cost:manage'),
    },
    async (request) => ({
      message: request.t('costs.line_updated'),
      payload: await costs.update(request.user, request.params.id, request.params.line, request.body, request.locale),
    }),
  );

  app.delete(
    '/orders/:id/costs/:line',
    {
      schema: {
        tags,
        params: costLineParams,
        response: { 200: emptyEnvelope, ...errorResponses(409) },
      },
      onRequest: app.requirePermission('cost:manage'),
    },
    async (request) => {
      await costs.remove(request.user, request.params.id, request.params.line);
      return { message: request.t('costs.line_deleted'), payload: null };
    },
  );

  app.put(
    '/orders/:id/nte',
    {
      schema: {
        tags,
        description:
          "Sets the order's not-to-exceed limit: admins any amount, an approver in scope up to its approval limit (422 above it), never below the cost already booked.",
        params: idParams,
        body: nteBody,
        response: { 200: envelope(orderCostsSchema) },
      },
      onRequest: app.requirePermission('order:set-nte'),
    },
    async (request) => ({
      message: request.t('costs.nte_updated'),
      payload: await costs.setNte(request.user, request.params.id, request.body.nte_minor),
    }),
  );

  app.get(
    '/orders/:id/quote',
    {
      schema: {
        tags,
        description:
          "The order's latest quote (404 without one); `can_decide` says whether the caller may approve it now.",
        params: idParams,
        response: { 200: envelope(quoteSchema) },
      },
      onRequest: app.requirePermission('cost:list'),
    },
    async (request) => ({ message: null, payload: await quotes.get(request.user, request.params.id) }),
  );

  app.post(
    '/orders/:id/quote',
    {
      schema: {
        tags,
        description:
          "A quote by the order's technician or an admin: lines as cost lines, valid through `valid_until` (not in the past). It goes to the region's directors whose approval limit covers its total, else to the chain's chain-admins (`escalated`); they are told. 409 while another quote is open or when the order is invoiced.",
        params: idParams,
        body: quoteBody,
        response: { 201: envelope(quoteSchema), ...errorResponses(409) },
      },
      onRequest: app.requirePermission('quote:submit'),
    },
    async (request, reply) =>
      created(reply, request.t('quotes.submitted'), await quotes.submit(request.user, request.params.id, request.body)),
  );

  app.put(
    '/orders/:id/quote',
    {
      schema: {
        tags,
        description:
          "An approver in scope decides the open quote. `approved` needs an approval limit that covers the total (403 above it: a director passes it on to the chain-admins) and a quote still valid (409 when expired); it raises the order's NTE to the quote's total. `rejected` needs a comment. The author, the technician, the store's managers and the approvers are told. 409 without an open quote.",
        params: idParams,
        body: quoteDecisionBody,
        response: { 200: envelope(quoteSchema), ...errorResponses(409) },
      },
      onRequest: app.requirePermission('quote:decide'),
    },
    async (request) => ({
      message: request.t(`quotes.${request.body.decision}`),
      payload: await quotes.decide(request.user, request.params.id, request.body, request.locale),
    }),
  );

  app.get(
    '/invoices',
    {
      schema: {
        tags: ['invoices'],
        description: "Invoices and credit notes of the chains in the caller's scope; `q` finds a number.",
        querystring: invoiceListQuery,
        response: { 200: pageEnvelope(invoiceSchema) },
      },
      onRequest: app.requirePermission('invoice:list'),
    },
    async (request) => ({ message: null, payload: await invoices.list(request.user, request.query) }),
  );

  app.get(
    '/invoices/:id',
    {
      schema: {
        tags: ['invoices'],
        description:
          'An invoice or credit note (its totals and VAT those of the whole document) with one page of its lines (one per order, in line order): `page` and `limit` as every list, `lines` shaped as every list page.',
        params: idParams,
        querystring: pageQuery,
        response: { 200: envelope(invoiceDetailSchema) },
      },
      onRequest: app.requirePermission('invoice:list'),
    },
    async (request) => ({
      message: null,
      payload: await invoices.detail(request.user, request.params.id, request.query),
    }),
  );

  app.post(
    '/invoices',
    {
      schema: {
        tags: ['invoices'],
        description:
          "Invoices a chain for a period (`from`..`to`, whole days in APP_TIMEZONE, at most 366): its completed orders not yet invoiced, one line each at the order's cost, VAT at the chain's rate. Numbers are unique and follow each other without gaps (invoices and credit notes share the series); an invoice never changes once issued. 409 when the period has nothing left to invoice.",
        body: invoiceBody,
        response: { 201: envelope(invoiceSchema), ...errorResponses(409) },
      },
      onRequest: app.requirePermission('invoice:issue'),
    },
    async (request, reply) =>
      created(reply, request.t('invoices.issued'), await invoices.issue(request.user, request.body)),
  );

  app.post(
    '/invoices/:id/credit',
    {
      schema: {
        tags: ['invoices'],
        description:
          'A credit note that reverses the invoice whole, with the next number; its orders can be invoiced again. 409 for a credit note or an invoice already credited.',
        params: idParams,
        response: { 201: envelope(invoiceSchema), ...errorResponses(409) },
      },
      onRequest: app.requirePermission('invoice:issue'),
    },
    async (request, reply) =>
      created(reply, request.t('invoices.credited'), await invoices.credit(request.user, request.params.id)),
  );

  app.get(
    '/invoices/:id/peppol',
    {
      schema: {
        tags: ['invoices'],
        description:
          "The invoice or credit note as Peppol BIS Billing 3.0 (UBL 2.1 Invoice or CreditNote XML), in the chain's currency, VAT per rate, the buyer as it was when issued. Streamed. 409 while the seller (SELLER_NAME, SELLER_VAT_ID, SELLER_PEPPOL_ID) or the chain's Peppol ID is missing.",
        params: idParams,
        querystring: downloadQuery,
        response: { 200: contentResponse('The UBL XML, as an attachment', 'application/xml'), ...errorResponses(409) },
      },
      config: { download: true },
      onRequest: app.requirePermission('invoice:list'),
    },
    async (request, reply) => {
      const { invoice, buyer, credits } = await invoices.documentOf(request.user, request.params.id);
      assertPeppolReady(seller, buyer);
      const locale = languageOf(invoice.language);
      const xml = peppolXml({ ...invoice, credits }, seller, buyer, invoices.linesOf(invoice.id), {
        paymentTerms: translate(locale, 'invoices.doc.payment_terms', { days: PAYMENT_DAYS }),
        line: (line) => translate(locale, 'invoices.doc.line_note', { number: line.project_number }),
      });
      const name = `${invoice.kind === 'credit_note' ? 'credit-note' : 'invoice'}-${invoice.number}.xml`;
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(xml, { objectMode: false }));
    },
  );

  app.get(
    '/invoices/:id/pdf',
    {
      schema: {
        tags: ['invoices'],
        description:
          "The invoice or credit note as a PDF in the chain's language (the language it was issued in): seller, buyer, one row per line, VAT per rate, totals. Streamed (opens inline).",
        params: idParams,
        querystring: downloadQuery,
        response: { 200: contentResponse('The invoice as a PDF', 'application/pdf') },
      },
      config: { download: true },
      onRequest: app.requirePermission('invoice:list'),
    },
    async (request, reply) => {
      const { invoice, buyer, credits } = await invoices.documentOf(request.user, request.params.id);
      const locale = languageOf(invoice.language);
      const pdf = invoicePdf(
        { invoice, seller, buyer, credits, lines: invoices.linesOf(invoice.id), paymentDays: PAYMENT_DAYS },
        locale,
      );
      reply.raw.once('close', () => {
        if (!pdf.readableEnded) pdf.destroy();
      });
      const name = `${translate(locale, invoice.kind === 'credit_note' ? 'invoices.pdf.credit_note_title' : 'invoices.pdf.invoice_title', { number: invoice.number })}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', name))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
