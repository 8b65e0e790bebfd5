import {
  type CodedMessage,
  coded,
  type ErrorCode,
  type ErrorResponse,
  errorCodes,
  errorResponseSchema,
  plainCodeOf,
} from '@selfserve/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

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

/** An error answer: the class's status, the message's code, text and parameters, and any field problems. */
export function sendError(
  reply: FastifyReply,
  kind: ErrorCode,
  said: CodedMessage = coded(kind),
  fields?: Record<string, string>,
) {
  const status = errorCodes[kind];
  const body: ErrorResponse = {
    status: status >= 500 ? 'ERROR' : 'FAILURE',
    error: { ...said, ...(fields ? { fields } : {}) },
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
    if (err instanceof AppError) return sendError(reply, err.code, err.said, err.fields);

    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'request';
        // A check that says a catalogue sentence keeps it; a validator's own text ('Too big: expected …') never
        // reaches a reader: that field gets the class's plain 'Please check your input.'.
        const said = issue.message && plainCodeOf(issue.message) ? issue.message : coded('VALIDATION_FAILED').message;
        fields[key] ??= said;
      }
      // The first field's text leads, under its own code when a check said one (`says`): the web shows it in the
      // reader's language. The forms check the same rules first.
      const first = Object.values(fields)[0];
      const code = first ? plainCodeOf(first) : null;
      return sendError(reply, 'VALIDATION_FAILED', code ? coded(code) : undefined, fields);
    }

    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = codeByStatus[status] ?? 'VALIDATION_FAILED';
      // Fastify's own 4xx messages (bad JSON, body too large …) are safe and say what went wrong.
      const said = code === 'TOO_MANY_REQUESTS' || !err.message ? coded(code) : { code, message: err.message };
      return sendError(reply, code, said);
    }

    request.log.error({ err }, 'unhandled error');
    return sendError(reply, 'INTERNAL');
  });
}
