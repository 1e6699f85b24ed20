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

export class UnauthenticatedError extends AppError {
  constructor(key = 'errors.unauthenticated') {
    super(401, key);
  }
}
export class ForbiddenError extends AppError {
  constructor(key = 'errors.forbidden', params?: Params) {
    super(403, key, params);
  }
}
export class NotFoundError extends AppError {
  constructor(key = 'errors.not_found', params?: Params) {
    super(404, key, params);
  }
}
export class ConflictError extends AppError {
  constructor(key: string, params?: Params, reason?: string) {
    super(409, key, params, reason);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(key = 'errors.too_large', params?: Params) {
    super(413, key, params);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(key = 'errors.too_many_attempts', params?: Params) {
    super(429, key, params);
  }
}

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
