/** Typed errors mapped to the contract's statuses by the one error handler. Messages are i18n keys. */
export type Params = Record<string, string | number>;

export class AppError extends Error {
  readonly status: number;
  readonly params?: Params;
  /** A stable name of the refusal for programs (`nte_exceeded`), answered as `code` beside the message. */
  readonly reason?: string;
  constructor(status: number, key: string, params?: Params, reason?: string) {
    super(key);
    this.status = status;
    this.params = params;
    this.reason = reason;
  }
}

/** The class of one status's refusal, whose message key defaults to `defaultKey`. */
const refusal = (status: number, defaultKey: string) =>
  class extends AppError {
    constructor(key = defaultKey, params?: Params) {
      super(status, key, params);
    }
  };
export class UnauthenticatedError extends refusal(401, 'errors.unauthenticated') {}
export class ForbiddenError extends refusal(403, 'errors.forbidden') {}
export class NotFoundError extends refusal(404, 'errors.not_found') {}
export class ConflictError extends AppError {
  constructor(key: string, params?: Params, reason?: string) {
    super(409, key, params, reason);
  }
}
export class PayloadTooLargeError extends refusal(413, 'errors.too_large') {}
export class TooManyRequestsError extends refusal(429, 'errors.too_many_attempts') {}

/**
 * A 422 with messages per field. Each message is a validation key (`v:required`, see
 * @wop/shared/validation) or an i18n key of the server catalogue.
 */
export class ValidationError extends AppError {
  readonly fields: Record<string, string[]>;
  constructor(fields: Record<string, string[]>) {
    super(422, 'errors.validation');
    this.fields = fields;
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** A PostgreSQL unique violation of `constraint` (as the driver throws it, or wrapped by drizzle as its cause). */
export function isUniqueViolation(error: unknown, constraint: string) {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e.code ? e : e.cause;
  return pg?.code === '23505' && pg.constraint === constraint;
}
