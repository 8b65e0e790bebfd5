import { type ErrorCode, errorCodes, messages } from '@selfserve/contract';

/** The one typed error of the server: a code from the contract's catalogue and the user's text. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, fields?: Record<string, string>) {
    super(message ?? defaultMessage(code));
    this.code = code;
    this.statusCode = errorCodes[code];
    this.fields = fields;
  }
}

export function defaultMessage(code: ErrorCode): string {
  switch (code) {
    case 'VALIDATION_FAILED':
      return messages.validationFailed;
    case 'UNAUTHORIZED':
      return messages.unauthorized;
    case 'CSRF_MISSING':
      return messages.csrfMissing;
    case 'FORBIDDEN':
      return messages.forbidden;
    case 'NOT_FOUND':
      return messages.notFound;
    case 'TOO_MANY_REQUESTS':
      return messages.tooManyRequests;
    default:
      return messages.genericFailure;
  }
}
