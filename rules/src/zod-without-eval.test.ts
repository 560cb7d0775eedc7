import { describe, expect, it } from "vitest";
import "./zod-without-eval";
import { z } from "zod";

describe("zod without eval (web/src/main.tsx imports it first)", () => {
  it("zod's own settings say jitless: object schemas never probe `new Function`", () => {
    expect(z.config().jitless).toBe(true);
  });
});
