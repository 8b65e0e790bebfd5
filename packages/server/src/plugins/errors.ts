import { type ErrorCode, type ErrorResponse, errorCodes, errorResponseSchema, messages } from '@selfserve/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultMessage } from '../lib/app-error.ts';

/** The error answers every route documents (OpenAPI) and serialises with the one error shape. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
} as const;

export function sendError(reply: FastifyReply, code: ErrorCode, message?: string, fields?: Record<string, string>) {
  const status = errorCodes[code];
  const body: ErrorResponse = {
    status: status >= 500 ? 'ERROR' : 'FAILURE',
    error: { code, message: message ?? defaultMessage(code), ...(fields ? { fields } : {}) },
  };
  return reply.code(status).type('application/json').send(body);
}

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/**
 * The one error handler: the contract's error shape with a readable message for every 4xx,
 * and for anything unexpected a logged 500 with the generic text — never a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) return sendError(reply, err.code, err.message, err.fields);

    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'request';
        fields[key] ??= issue.message ?? messages.validationFailed;
      }
      const first = Object.values(fields)[0] ?? messages.validationFailed;
      return sendError(reply, 'VALIDATION_FAILED', first, fields);
    }

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? 'VALIDATION_FAILED';
      // Fastify's own 4xx messages (bad JSON, body too large …) are safe and say what went wrong.
      const message = code === 'TOO_MANY_REQUESTS' ? messages.tooManyRequests : err.message || defaultMessage(code);
      return sendError(reply, code, message);
    }

    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 'INTERNAL', messages.genericFailure);
  });
}
