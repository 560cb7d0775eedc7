import type { ErrorCode, TemplatedCode } from "@loop/rules/error-codes";
import { DomainError } from "../domain-error";

/** A UUID in its text form: path ids are checked against it before they reach a uuid column (else 404). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The row `find` returns for a path id, or the refusal `notFound`: for a malformed id before any
 * query (a `::uuid` cast of it would fail the statement), for an unknown one when `find` returns none.
 * `find` may lock the row (`FOR UPDATE`): the caller's transaction holds it.
 */
export async function foundById<T>(
  id: string,
  notFound: Exclude<ErrorCode, TemplatedCode>,
  find: (id: string) => Promise<readonly T[]>,
): Promise<T> {
  if (!UUID.test(id)) throw new DomainError(notFound);
  const row = (await find(id))[0];
  if (!row) throw new DomainError(notFound);
  return row;
}
