// A table of request bodies the API must refuse, each with its 400 message and code.
import { expect } from "vitest";

type Answer = { status: number; body: { code?: unknown; message?: unknown } };

/** Sends each case's body: a 400 with the case's message, and the code `codeOf` gives for that message. */
export async function expectRefusals(
  send: (body: unknown) => PromiseLike<Answer>,
  cases: [body: unknown, message: string][],
  codeOf: (message: string) => unknown,
): Promise<void> {
  for (const [body, message] of cases) {
    const response = await send(body);
    expect({ body, status: response.status, code: response.body.code, message: response.body.message }).toEqual({
      body,
      status: 400,
      code: codeOf(message),
      message,
    });
  }
}
