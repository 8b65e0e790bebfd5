import { z } from 'zod';
import { messageParamsSchema } from './message-params.ts';

/**
 * One error shape on the wire (DESIGN.md): `{ status, error: { code, message, params? } }`.
 * An error's class decides the HTTP status; `code` is the catalogue code of the message (messages.ts): the class
 * itself when the class's own text is meant, a more precise code otherwise (bookingNotFound under NOT_FOUND).
 */
export const errorCodes = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  CSRF_MISSING: 403,
  /** the spec's error value: the caller sends the user to verify their e-mail */
  email_not_verified: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorCodes;

export const errorResponseSchema = z.object({
  status: z.enum(['FAILURE', 'ERROR']),
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** the values of the message's `{name}` parameters */
    params: messageParamsSchema.optional(),
    /** Field-level problems for a failed validation: path → message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
