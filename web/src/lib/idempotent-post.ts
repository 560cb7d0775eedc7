/**
 * Money calls (transfer, withdraw, token order) send an `Idempotency-Key`: the same key for a retry
 * of the same submission, so a double click or a retry after a lost answer never moves money twice.
 */
import { useRef } from "react";
import { ApiError, apiJson } from "@/lib/api-client";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** POST `body` as JSON with an Idempotency-Key; parses the JSON answer. Throws ApiError on non-ok. */
export function postWithIdempotencyKey<T>(url: string, body: unknown, idempotencyKey: string): Promise<T> {
  return apiJson<T>("POST", url, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}

/** A money call's input: its body (the shared schema's request) and the submission's Idempotency-Key. */
export type Keyed<TBody> = TBody & { idempotencyKey: string };

/** A money call of one API path: `{ idempotencyKey, ...body }` → the body POSTed with that key (`postWithIdempotencyKey`). */
export function keyedPost<TInput extends { idempotencyKey: string }, T>(url: string): (input: TInput) => Promise<T> {
  return ({ idempotencyKey, ...body }) => postWithIdempotencyKey<T>(url, body, idempotencyKey);
}

/**
 * One key per dialog submission. `keyFor(body)` returns the key of the previous attempt when the
 * same body is sent again and that attempt got no definitive answer (network error, 5xx); a
 * changed body, or an attempt the server answered (success or a 4xx refusal), gets a fresh key.
 */
export function useSubmissionKey() {
  const current = useRef<{ key: string; body: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (current.current && current.current.body === text) return current.current.key;
      const key = crypto.randomUUID();
      current.current = { key, body: text };
      return key;
    },
    /**
     * After an attempt: keep the key only if the outcome is unknown (no response, a server error, or
     * 409 'still being processed'); a success or a refusal frees it.
     */
    settle(error: unknown): void {
      const answered = error === null || (error instanceof ApiError && error.status < 500 && error.status !== 409);
      if (answered) current.current = null;
    },
    reset(): void {
      current.current = null;
    },
  };
}

/** The outcome handlers of one submission. */
export interface SubmitHandlers<TData> {
  onSuccess: (data: TData) => void;
  onError: (error: Error) => void;
}

/** A mutation whose variables carry the Idempotency-Key (a TanStack `useMutation` result fits). */
export interface KeyedMutation<TVariables extends { idempotencyKey: string }, TData> {
  mutate: (variables: TVariables, handlers: SubmitHandlers<TData>) => void;
}

/**
 * Submits a money call's body with its submission key (`useSubmissionKey`) and settles the key with
 * the outcome, so that a form only says what follows a success or a failure.
 */
export function useKeyedSubmit<TVariables extends { idempotencyKey: string }, TData>(mutation: KeyedMutation<TVariables, TData>) {
  const submission = useSubmissionKey();
  return (body: Omit<TVariables, "idempotencyKey">, { onSuccess, onError }: SubmitHandlers<TData>) =>
    // The body and its key are the call's whole input (Omit and & do not prove it to TypeScript).
    mutation.mutate({ ...body, idempotencyKey: submission.keyFor(body) } as TVariables, {
      onSuccess: (data) => {
        submission.settle(null);
        onSuccess(data);
      },
      onError: (error) => {
        submission.settle(error);
        onError(error);
      },
    });
}
