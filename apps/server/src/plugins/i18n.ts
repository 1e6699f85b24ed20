import type { Locale } from '@wop/shared/constants';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale, translate } from '../i18n/index.ts';
import type { Params } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** A message in the request's language. */
    t: (key: string, params?: Params) => string;
  }
}

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('locale', 'en');
    app.decorateRequest('t', function (this: { locale: Locale }, key: string, params?: Params) {
      return translate(this.locale, key, params);
    });
    app.addHook('onRequest', async (request) => {
      request.locale = requestLocale(request.headers);
    });
  },
  { name: 'i18n' },
);
