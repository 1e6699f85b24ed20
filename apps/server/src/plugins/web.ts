import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** File names carry a content hash (the build's `static/` folder): they never change, so caches keep them a year. */
const HASHED_ASSETS = `${path.sep}static${path.sep}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon) is revalidated on every visit, so a new release shows at once. */
const REVALIDATE = 'no-cache';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
/** Source maps stay off the web even if a build left some behind. */
const isSourceMap = (pathname: string) => pathname.endsWith('.map');
/**
 * A missing script or style is a 404, not the HTML page: a browser would fail on HTML as a module. A
 * label's tag may hold a dot (/assets/tag/FRZ.01): that is a page.
 */
const isAssetPath = (url: string) =>
  url.startsWith('/static/') || (!url.startsWith('/assets/tag/') && /\.[a-z0-9]+$/i.test(url.split('?')[0]));

/**
 * JSON answers from 1 KB on are compressed by @fastify/compress: zstd if the client takes it (Chromium
 * and Firefox ask for it; level 3, a 25 KB page of orders to 2.8 KB in about 0.06 ms), else brotli at a
 * fast level (Safari asks for brotli only; the default quality 11 takes milliseconds), else gzip.
 * Below 1 KB the headers cost more than they save. JSON, and the types mime-db marks compressible (the
 * page, CSV exports, text files); event streams are written past it, PDFs, images and spreadsheets are
 * compressed already. Request bodies are never decompressed.
 */
const compression = {
  encodings: ['zstd', 'br', 'gzip'],
  threshold: 1024,
  // Compressed at once, with a Content-Length, up to 1 MB (a page of 1,000 orders); larger, streamed.
  syncThreshold: 1024 * 1024,
  customTypes: /^application\/(?:[\w.+-]+\+)?json\b/,
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  globalDecompression: false,
} satisfies FastifyCompressOptions;

function setCacheHeaders(reply: FastifyReply, file: string) {
  reply.header('cache-control', file.includes(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE);
}

/**
 * Delivery of the web app and of API JSON over slow lines:
 * - the built app from `webDist`, with the brotli/gzip files written beside each asset at build time
 *   chosen by `Accept-Encoding` (`Vary: Accept-Encoding`), hashed assets cached for a year, the HTML
 *   revalidated, no source maps;
 * - any other path outside /api is a deep link into the single-page app (index.html, `no-cache`);
 * - JSON answers of 1 KB or more compressed on the fly (`compression`).
 */
export default fp(
  async (app: FastifyInstance, options: { webDist: string | null }) => {
    await app.register(fastifyCompress, compression);

    const webDist = options.webDist;
    const hasWeb = webDist !== null && fs.existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: ['index.html'],
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        allowedPath: (pathname) => !isSourceMap(pathname),
        setHeaders: setCacheHeaders,
      });
    }

    // Unknown /api paths stay JSON; any other GET for a page is a deep link into the single-page app.
    app.setNotFoundHandler((request, reply) => {
      const page = !isApi(request.url) && !isAssetPath(request.url);
      if (page && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
        return reply.type('text/html').sendFile('index.html');
      }
      return reply.status(404).send({ message: request.t('errors.route_not_found') });
    });
  },
  { name: 'web' },
);
