import { describe, expect, it } from "vitest";
import { codeOfStatus, ERROR_CODES, isErrorCode } from "./error-codes";

describe("the error codes", () => {
  it("give each status its generic code, whose own status is that status", () => {
    for (const status of [400, 401, 402, 403, 404, 409, 410, 413, 422, 429, 500, 502, 503])
      expect(ERROR_CODES[codeOfStatus(status)].status).toBe(status);
    expect(codeOfStatus(418)).toBe("BAD_REQUEST");
    expect(codeOfStatus(504)).toBe("INTERNAL");
  });

  it("are recognised only when listed", () => {
    expect(isErrorCode("ACCOUNT_BANNED")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(isErrorCode("NOPE")).toBe(false);
    expect(isErrorCode(404)).toBe(false);
  });
});
