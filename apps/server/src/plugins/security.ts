import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Response headers that every answer carries. The web app loads only its own scripts and the one inline
 * script of its index.html (the start hints, allowed by their hash: `inlineScriptHashes`), no eval; Mantine
 * writes its CSS variables in a <style> element and style attributes, so styles, and only styles, keep
 * 'unsafe-inline'. Image previews of files picked for upload are blob: URLs; Mantine's icons in CSS are data: URLs.
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

/**
 * The content security policy's sources of the inline scripts of the web app's index.html (`<script>` without
 * attributes: the build writes the start hints so), as `'sha256-...'`; none without a built app. Read once at
 * start: a build written beside a running server has its hints refused until the restart, and the app then
 * starts without them, as a browser without them would.
 */
export function inlineScriptHashes(webDist: string | null): string[] {
  const file = webDist === null ? null : path.join(webDist, 'index.html');
  if (file === null || !fs.existsSync(file)) return [];
  return [...fs.readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
  );
}

export default fp(
  async (app: FastifyInstance, options: { webDist: string | null }) => {
    const scriptSrc = [...CONTENT_SECURITY_POLICY['script-src'], ...inlineScriptHashes(options.webDist)];
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...CONTENT_SECURITY_POLICY, 'script-src': scriptSrc },
      },
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
