import {
  ERROR_CODES,
  errorMessage,
  isTemplated,
  type ErrorAnswer,
  type ErrorCode,
  type MessageParams,
  type TemplatedCode,
} from "@loop/rules/error-codes";

export interface DomainErrorOptions extends ErrorOptions {
  /** VALIDATION_FAILED (and USERNAME_TAKEN): each failing field's path and its message. */
  fields?: Record<string, string>;
  /** A limit that knows when it lifts: sent as Retry-After. */
  retryAfterSeconds?: number;
}

/**
 * What `new DomainError(code, …)` takes after the code: the parameters of its message when the
 * message is a template (rules/src/error-codes.ts), then the options. There is no place for a text:
 * a message that is not in rules/ does not compile.
 */
export type DomainErrorArgs<C extends ErrorCode> = C extends TemplatedCode
  ? [params: MessageParams<C>, options?: DomainErrorOptions]
  : [options?: DomainErrorOptions];

const DomainErrorClass = class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, ...args: unknown[]) {
    const templated = isTemplated(code);
    const options = (templated ? args[1] : args[0]) as DomainErrorOptions | undefined;
    super(templated ? errorMessage(code, args[0] as never) : (ERROR_CODES[code].message as string), options);
    this.name = new.target.name;
    this.code = code;
    this.fields = options?.fields;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }

  /** The HTTP status the answer carries: the code's. */
  get status(): number {
    return ERROR_CODES[this.code].status;
  }

  /** The answer's body. */
  answer(): ErrorAnswer {
    return this.fields ? { message: this.message, code: this.code, fields: this.fields } : { message: this.message, code: this.code };
  }
};

/**
 * A refusal: a code from rules/src/error-codes.ts, which fixes its HTTP status and its message (a
 * template's parameters are typed). Services name what went wrong, never a status or a text; the
 * edge (api/src/http/errors.ts, `errorHandler`) answers `{ message, code, fields? }` with the code's
 * status (docs/conventions.md#errors).
 */
export type DomainError = InstanceType<typeof DomainErrorClass>;

interface DomainErrorConstructor {
  new <C extends ErrorCode = ErrorCode>(code: C, ...args: DomainErrorArgs<C>): DomainError;
  readonly prototype: DomainError;
}

export const DomainError = DomainErrorClass as DomainErrorConstructor;

/** Whether `error` is a refusal with one of `codes`. */
export function isRefusal(error: unknown, ...codes: ErrorCode[]): error is DomainError {
  return error instanceof DomainError && (codes.length === 0 || codes.includes(error.code));
}
