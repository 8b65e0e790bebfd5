import { type CodedMessage, coded, type ErrorCode, errorCodes } from '@selfserve/contract';

/**
 * The one typed error of the server: its class (which decides the HTTP status) and what the user is told, a
 * message of the contract's catalogue (the class's own text unless a more precise one is given).
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly said: CodedMessage;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, said: CodedMessage = coded(code), fields?: Record<string, string>) {
    super(said.message);
    this.code = code;
    this.statusCode = errorCodes[code];
    this.said = said;
    this.fields = fields;
  }
}
