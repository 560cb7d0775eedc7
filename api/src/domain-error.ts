import { ERROR_CODES, type ErrorAnswer, type ErrorCode } from "@loop/rules/error-codes";

/**
 * A refusal a service throws: a code from rules/src/error-codes.ts (which fixes its HTTP status) and
 * a message safe to show. Services name what went wrong, never a status; the edge
 * (http/errors.ts#errorHandler) turns it into `{ message, code, fields? }` with the code's status.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  /** VALIDATION_FAILED: each failing field's path and its message. */
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message?: string, options?: ErrorOptions & { fields?: Record<string, string> }) {
    super(message ?? ERROR_CODES[code].message, options);
    this.name = new.target.name;
    this.code = code;
    this.fields = options?.fields;
  }

  /** The HTTP status the answer carries. */
  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  /** The answer's body. */
  answer(): ErrorAnswer {
    return this.fields ? { message: this.message, code: this.code, fields: this.fields } : { message: this.message, code: this.code };
  }
}
