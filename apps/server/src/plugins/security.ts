import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Response headers that every answer carries. The web app loads only its own scripts (no inline
 * script, no eval); Mantine writes its CSS variables in a <style> element and style attributes,
 * so styles, and only styles, keep 'unsafe-inline'. Image previews of files picked for upload are
 * blob: URLs; Mantine's icons in CSS are data: URLs.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'no-referrer' },
      // Sent below only over HTTPS: over plain HTTP a browser ignores it, and a LAN install without
      // TLS must not be told to refuse HTTP for a year.
      strictTransportSecurity: false,
    });

    app.addHook('onSend', async (request, reply) => {
      // `protocol` follows X-Forwarded-Proto only from proxies trusted by TRUST_PROXY.
      if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      // API answers are per user: no browser or shared cache keeps them.
      const isApi = request.url === '/api' || request.url.startsWith('/api/');
      if (isApi && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security' },
);
