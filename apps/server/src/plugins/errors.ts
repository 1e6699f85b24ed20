import { fieldErrors, v } from '@wop/shared/validation';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError, type z } from 'zod';
import { AppError, TooManyRequestsError, ValidationError } from '../lib/errors.ts';

function sendValidation(request: FastifyRequest, reply: FastifyReply, fields: Record<string, string[]>) {
  const errors = Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [field, messages.map((m) => request.t(m))]),
  );
  const [field, messages] = Object.entries(errors)[0] ?? ['_', [request.t('errors.validation')]];
  const message = field === '_' ? messages[0] : `${field}: ${messages[0]}`;
  return reply.status(422).send({ message, errors });
}

/** What the multipart reader (busboy) says of a body it cannot read: the client's fault, a 400. */
const UNREADABLE_MULTIPART = /^(Multipart: |Malformed part header|Unexpected end of (form|multipart data))/;

/** The one error handler: every failure answers JSON in the contract's shape, never a stack trace. */
export default fp(
  async (app: FastifyInstance) => {
    // Bodies are JSON objects or multipart forms: plain text is an unsupported type (415), and a JSON
    // value that is not an object (a string, a number, null, a list) is refused before any route reads it.
    app.removeContentTypeParser('text/plain');
    app.addHook('preValidation', async (request) => {
      const body = request.body;
      if (body === undefined || request.isMultipart()) return;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw ValidationError.field('_', v('object_body'));
      }
    });

    app.setErrorHandler((error: FastifyError & { code?: string }, request, reply) => {
      if (error instanceof ValidationError) return sendValidation(request, reply, error.fields);
      if (error instanceof AppError) {
        if (error instanceof TooManyRequestsError) reply.header('retry-after', String(error.params?.seconds ?? 60));
        const message = request.t(error.message, error.params);
        return reply.status(error.status).send(error.reason ? { message, code: error.reason } : { message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        // A malformed id in the path is "no such thing", not a form error.
        if (error.validationContext === 'params') {
          return reply.status(404).send({ message: request.t('errors.not_found') });
        }
        const fields: Record<string, string[]> = {};
        for (const issue of error.validation) {
          const at = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
          // A body that is one of several forms: the messages of the form it is closest to (a union of
          // values, such as 1 or 0, keeps its own message).
          const forms = issue.keyword === 'invalid_union' ? (issue.params.errors as z.core.$ZodIssue[][]) : undefined;
          const closest = forms?.length ? forms.reduce((best, form) => (form.length < best.length ? form : best)) : [];
          const issues = closest.some((inner) => inner.path.length > 0)
            ? closest.map((inner) => ({ path: [...at, ...inner.path.map(String)], message: inner.message }))
            : [{ path: at, message: issue.message }];
          for (const { path, message } of issues) {
            const field = path.join('.') || '_';
            fields[field] = [...(fields[field] ?? []), message ?? 'v:invalid'];
          }
        }
        return sendValidation(request, reply, fields);
      }
      if (error instanceof ZodError) {
        return sendValidation(request, reply, fieldErrors(error.issues, request.locale));
      }
      // PostgreSQL: a row still referenced, or a duplicate that slipped past the service checks.
      if (error.code === '23503') return reply.status(409).send({ message: request.t('errors.in_use') });
      if (error.code === '23505') return reply.status(409).send({ message: request.t('errors.duplicate') });
      // Too many files is a form error (422), though the multipart plugin reports it as 413.
      if (error.code === 'FST_FILES_LIMIT') {
        return sendValidation(request, reply, { documents: ['v:file_count:10'] });
      }
      if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.statusCode === 413) {
        return reply.status(413).send({ message: request.t('errors.too_large', { mb: app.appConfig.MAX_UPLOAD_MB }) });
      }
      if (error.statusCode === 429) return reply.status(429).send({ message: error.message });
      if (!error.statusCode && UNREADABLE_MULTIPART.test(error.message)) {
        return reply.status(400).send({ message: request.t('errors.bad_request') });
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        const message =
          error.statusCode === 415 || error.statusCode === 400 ? request.t('errors.bad_request') : error.message;
        return reply.status(error.statusCode).send({ message });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ message: request.t('errors.server') });
    });
  },
  { name: 'errors', dependencies: ['i18n'] },
);
