// Property tests of every request schema that takes an amount of money: random decimal texts
// (huge, many decimals, negative, signed, exponent forms, surrounding whitespace, stray dots,
// garbage) and values at the bounds. Accepted ⇒ the value the API goes on with is exactly the
// text's and within 0 < x ≤ LoopToken's cap (0 ≤ x for totals and prices); refused ⇒ a message;
// a well-formed amount in the field's range ⇒ accepted; one over the field's limit ⇒ its
// too-large message.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { MIN_WITHDRAWAL_UNITS, WITHDRAWAL_MESSAGES, withdrawalRequestSchema } from "./withdrawals";
import { ADMIN_MESSAGES, vaultDepositRequestSchema } from "./admin";
import { AMOUNT_MESSAGES, MAX_LOOP_UNITS, MAX_SUPPLY_LOOP, MAX_USD_CENTS } from "./amounts";
import { paymentIntentRequestSchema, paypalOrderRequestSchema } from "./fiat-payments";
import { MAX_PRICE_CENTS, UPLOAD_MESSAGES, updateLoopSchema, uploadLoopFieldsSchema } from "./loops";
import { NEGOTIATION_MESSAGES, createNegotiationSchema, respondNegotiationSchema, walletOfferTermsRequestSchema } from "./negotiations";
import { SETTINGS_MESSAGES, platformSettingsUpdateSchema } from "./platform-settings";
import { purchaseRequestSchema } from "./purchases";
import { MAX_ORDER_LOOP, TOKEN_ORDER_MESSAGES, tokenOrderRequestSchema } from "./token-orders";
import { TOKEN_MESSAGES, transferRequestSchema } from "./tokens";
import { UNITS_PER_LOOP, centsToLoopUnits, parseLoop, parseUsd } from "../units";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 1000);
const ETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

type Outcome = { ok: true; value: bigint } | { ok: false; message: string | undefined };

interface AmountField {
  name: string;
  /** Decimal places of the field's unit: 8 (ledger units), 2 (cents), 0 (a count of cents). */
  decimals: 0 | 2 | 8;
  /** Its unit in ledger units, for the cap. */
  toLoopUnits: (value: bigint) => bigint;
  /** The range accepted, in the field's unit. */
  min: bigint;
  max: bigint;
  /** The answer to an amount above `max` that is otherwise well formed. */
  tooLarge: string;
  /** Whether the field takes text, JSON numbers, or both. */
  takes: { text: boolean; number: boolean };
  /** The field's own form beyond "digits, optionally a dot and digits, maybe blanks around". */
  form?: (text: string, whole: string, fraction: string) => boolean;
  parse: (input: string | number) => Outcome;
}

function outcome<T>(result: z.ZodSafeParseResult<T>, value: (data: T) => bigint): Outcome {
  return result.success ? { ok: true, value: value(result.data) } : { ok: false, message: result.error.issues[0]?.message };
}

const loop = (units: bigint) => units;
const cents = (value: bigint) => centsToLoopUnits(value);

type FieldShape = Pick<AmountField, "decimals" | "toLoopUnits" | "min" | "max" | "takes">;
/** What most fields share: LOOP as text (8 decimals, from one unit up to the cap). */
const LOOP_TEXT: FieldShape = { decimals: 8, toLoopUnits: loop, min: 1n, max: MAX_LOOP_UNITS, takes: { text: true, number: false } };
/** USD as text or a JSON number (2 decimals, from a cent up to the cap). */
const USD: FieldShape = { decimals: 2, toLoopUnits: cents, min: 1n, max: MAX_USD_CENTS, takes: { text: true, number: true } };
/** Totals the page sends to be compared with the server's: 0 is a total too (a free loop). */
const USD_TOTAL: Omit<AmountField, "name" | "parse"> = {
  ...USD,
  min: 0n,
  tooLarge: AMOUNT_MESSAGES.usdTooLarge,
  takes: { text: true, number: false },
};
/** Prices were bounded before the cap (an integer column of cents); they stay under it. */
const PRICE: Omit<AmountField, "name" | "parse" | "takes"> = {
  ...USD,
  min: 0n,
  max: BigInt(MAX_PRICE_CENTS),
  tooLarge: UPLOAD_MESSAGES.price,
  form: (_text, whole) => whole.length <= 9,
};

const FIELDS: AmountField[] = [
  {
    ...LOOP_TEXT,
    name: "transfer amount",
    tooLarge: TOKEN_MESSAGES.tooLarge,
    parse: (amount) => outcome(transferRequestSchema.safeParse({ toUserId: "someone", amount }), (data) => parseLoop(data.amount)!),
  },
  {
    ...LOOP_TEXT,
    name: "withdrawal amount",
    min: MIN_WITHDRAWAL_UNITS,
    tooLarge: WITHDRAWAL_MESSAGES.tooLarge,
    parse: (amount) => outcome(withdrawalRequestSchema.safeParse({ amount, method: "loop", destination: ETH }), (data) => data.amount),
  },
  {
    ...USD,
    name: "offer",
    tooLarge: NEGOTIATION_MESSAGES.tooLarge,
    parse: (offerAmount) =>
      outcome(createNegotiationSchema.safeParse({ loopId: "a-loop", offerAmount }), (data) => parseUsd(data.offerAmount)!),
  },
  {
    ...USD,
    name: "counter offer",
    tooLarge: NEGOTIATION_MESSAGES.tooLarge,
    parse: (counterOffer) =>
      outcome(respondNegotiationSchema.safeParse({ action: "counter", counterOffer }), (data) => parseUsd(data.counterOffer!)!),
  },
  {
    ...USD,
    name: "wallet offer",
    tooLarge: NEGOTIATION_MESSAGES.tooLarge,
    parse: (offerAmount) =>
      outcome(walletOfferTermsRequestSchema.safeParse({ loopId: "a-loop", offerAmount }), (data) => parseUsd(data.offerAmount)!),
  },
  {
    ...LOOP_TEXT,
    name: "token order",
    max: MAX_ORDER_LOOP * UNITS_PER_LOOP,
    tooLarge: TOKEN_ORDER_MESSAGES.tooLarge,
    parse: (requestedAmount) =>
      outcome(tokenOrderRequestSchema.safeParse({ requestedAmount, paymentMethod: "paypal", paymentDetails: "me@example.com" }), (data) =>
        parseLoop(data.requestedAmount)!,
      ),
  },
  {
    ...LOOP_TEXT,
    name: "vault deposit",
    tooLarge: ADMIN_MESSAGES.tooLarge,
    takes: { text: true, number: true },
    parse: (amount) => outcome(vaultDepositRequestSchema.safeParse({ amount }), (data) => parseLoop(data.amount)!),
  },
  {
    ...LOOP_TEXT,
    name: "minimum withdrawal setting",
    tooLarge: SETTINGS_MESSAGES.minWithdrawalTooLarge,
    parse: (minWithdrawal) => outcome(platformSettingsUpdateSchema.safeParse({ minWithdrawal }), (data) => parseLoop(data.minWithdrawal!)!),
  },
  {
    ...USD_TOTAL,
    name: "purchase total",
    form: (text, whole) => text === text.trim() && whole.length <= 9,
    parse: (expectedTotal) =>
      outcome(purchaseRequestSchema.safeParse({ loopId: "a-loop", format: "mp3", expectedTotal }), (data) =>
        parseUsd(data.expectedTotal!)!,
      ),
  },
  {
    ...USD_TOTAL,
    name: "PayPal order total",
    form: (text, _whole, fraction) => text === text.trim() && fraction.length === 2,
    parse: (amount) =>
      outcome(paypalOrderRequestSchema.safeParse({ loopId: "a-loop", format: "mp3", amount }), (data) => parseUsd(data.amount!)!),
  },
  {
    ...USD_TOTAL,
    name: "card payment total (cents)",
    decimals: 0,
    takes: { text: false, number: true },
    parse: (amount) =>
      outcome(paymentIntentRequestSchema.safeParse({ loopId: "a-loop", format: "mp3", amount }), (data) => BigInt(data.amount!)),
  },
  {
    ...PRICE,
    name: "upload price",
    takes: { text: true, number: false },
    parse: (price) => outcome(uploadLoopFieldsSchema.safeParse({ title: "Loop", genreId: "1", price }), (data) => BigInt(data.price)),
  },
  {
    ...PRICE,
    name: "edited price",
    takes: { text: true, number: true },
    parse: (price) => outcome(updateLoopSchema.safeParse({ price }), (data) => BigInt(data.price!)),
  },
];

// ---- Inputs ----------------------------------------------------------------------------------

/** What a text is worth in a unit of `decimals` places, read digit by digit; null unless it is plain decimal digits. */
function exactValue(text: string, decimals: number): { value: bigint; whole: string; fraction: string } | null {
  const trimmed = text.trim();
  const dot = trimmed.indexOf(".");
  const whole = dot === -1 ? trimmed : trimmed.slice(0, dot);
  const fraction = dot === -1 ? "" : trimmed.slice(dot + 1);
  const isDigits = (part: string) => part.length > 0 && [...part].every((char) => char >= "0" && char <= "9");
  if (!isDigits(whole) || (dot !== -1 && !isDigits(fraction)) || fraction.length > decimals) return null;
  let value = 0n;
  for (const char of whole + fraction.padEnd(decimals, "0")) value = value * 10n + BigInt(char.charCodeAt(0) - 48);
  return { value, whole, fraction };
}

const digits = (minLength: number, maxLength: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength, maxLength });
const space = fc.constantFrom("", "", "", " ", "  ", "\t", "\n", "\u00a0", "\ufeff");

/** Texts shaped like numbers: every part optional or malformed now and then. */
const decimalText = fc
  .record({
    before: space,
    sign: fc.constantFrom("", "", "", "", "-", "+", "--"),
    whole: fc.oneof(digits(1, 3), digits(1, 12), digits(13, 45), fc.constant(""), fc.constant("0".repeat(12) + "1")),
    fraction: fc.option(fc.oneof(digits(0, 2), digits(0, 9), digits(10, 30)), { nil: null }),
    exponent: fc.oneof(
      fc.constant(""),
      fc.constant(""),
      fc.constant(""),
      fc.tuple(fc.constantFrom("e", "E"), fc.constantFrom("", "+", "-"), digits(1, 3)).map((parts) => parts.join("")),
    ),
    after: space,
  })
  .map((p) => `${p.before}${p.sign}${p.whole}${p.fraction === null ? "" : `.${p.fraction}`}${p.exponent}${p.after}`);

/** Values at and around the field's bounds and the cap, written with and without trailing zeros. */
function nearBounds(field: AmountField): fc.Arbitrary<string> {
  const capInUnit = field.decimals === 8 ? MAX_LOOP_UNITS : MAX_USD_CENTS;
  const anchors = [field.min, field.max, capInUnit, 0n, 1n];
  return fc
    .record({ anchor: fc.constantFrom(...anchors), delta: fc.bigInt({ min: -3n, max: 3n }), padded: fc.boolean() })
    .filter(({ anchor, delta }) => anchor + delta >= 0n)
    .map(({ anchor, delta, padded }) => {
      const value = anchor + delta;
      if (field.decimals === 0) return value.toString();
      const scale = 10n ** BigInt(field.decimals);
      const fraction = (value % scale).toString().padStart(field.decimals, "0");
      const text = `${value / scale}.${fraction}`;
      return padded ? text : text.replace(/\.?0+$/, "") || "0";
    });
}

const textInput = (field: AmountField) =>
  fc.oneof({ arbitrary: decimalText, weight: 6 }, { arbitrary: nearBounds(field), weight: 3 }, { arbitrary: fc.string(), weight: 1 });

const numberInput = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.double({ min: 0, max: 5e6, noNaN: true }),
  fc.constantFrom(
    0,
    -1,
    0.1,
    1e-7,
    12.5,
    2_000_000,
    2_000_000.01,
    200_000_000,
    200_000_001,
    1e9,
    1e9 + 1e-8,
    1e21,
    1e30,
    Number.MAX_SAFE_INTEGER,
    Infinity,
    NaN,
  ),
);

// ---- Properties ------------------------------------------------------------------------------

/** The property for one input: see the file comment. */
function check(field: AmountField, input: string | number): void {
  const text = typeof input === "number" ? String(input) : input;
  const exact = exactValue(text, field.decimals);
  const result = field.parse(input);
  const context = { field: field.name, input, result };
  if (result.ok) {
    expect(exact, `accepted a malformed amount: ${JSON.stringify(context, replacer)}`).not.toBeNull();
    expect(result.value).toBe(exact!.value);
    const units = field.toLoopUnits(result.value);
    expect(units <= MAX_LOOP_UNITS, `over the cap: ${JSON.stringify(context, replacer)}`).toBe(true);
    expect(units > 0n || field.min === 0n, `not positive: ${JSON.stringify(context, replacer)}`).toBe(true);
    expect(result.value >= field.min && result.value <= field.max).toBe(true);
    return;
  }
  expect(result.message, `refused without a message: ${JSON.stringify(context, replacer)}`).toMatch(/\S/);
  const wellFormed = exact !== null && (field.form?.(text, exact.whole, exact.fraction) ?? true);
  if (wellFormed && exact.value >= field.min && exact.value <= field.max)
    throw new Error(`refused an amount in range: ${JSON.stringify(context, replacer)}`);
  if (wellFormed && exact.value > field.max) expect(result.message, JSON.stringify(context, replacer)).toBe(field.tooLarge);
}

const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? `${value}n` : value);

describe("amounts: every request amount is exact and within LoopToken's cap", () => {
  it("the cap is LoopToken.MAX_SUPPLY", () => {
    const source = readFileSync(new URL("../../../contracts/src/LoopToken.sol", import.meta.url), "utf8");
    const declared = /uint256 public constant MAX_SUPPLY = ([\d_]+) ether;/.exec(source)?.[1];
    expect(declared && BigInt(declared.replaceAll("_", ""))).toBe(MAX_SUPPLY_LOOP);
    expect(MAX_LOOP_UNITS).toBe(100_000_000_000_000_000n);
    expect(MAX_USD_CENTS).toBe(200_000_000n);
    expect(AMOUNT_MESSAGES).toEqual({
      loopTooLarge: "Amount is too large: at most 1,000,000,000 LOOP",
      usdTooLarge: "Amount is too large: at most $2,000,000 (1,000,000,000 LOOP)",
    });
  });

  const fieldNamed = (name: string) => FIELDS.find((candidate) => candidate.name === name)!;
  it.each<[string, string | number, Outcome]>([
    ["transfer amount", "1000000000", { ok: true, value: MAX_LOOP_UNITS }],
    ["transfer amount", "1000000000.00000001", { ok: false, message: AMOUNT_MESSAGES.loopTooLarge }],
    ["transfer amount", "99999999999999999999999", { ok: false, message: AMOUNT_MESSAGES.loopTooLarge }],
    // The spec's messages still answer the cases they had.
    ["transfer amount", "-99999999999999999999999", { ok: false, message: TOKEN_MESSAGES.notPositive }],
    ["transfer amount", "99999999999999999999999.000000001", { ok: false, message: TOKEN_MESSAGES.tooPrecise }],
    ["offer", "2000000", { ok: true, value: MAX_USD_CENTS }],
    ["offer", 2_000_000.01, { ok: false, message: AMOUNT_MESSAGES.usdTooLarge }],
    ["offer", "0", { ok: false, message: NEGOTIATION_MESSAGES.amount }],
    ["token order", "0", { ok: false, message: TOKEN_ORDER_MESSAGES.zeroUsd }],
    ["token order", "99999999999999999999999", { ok: false, message: TOKEN_ORDER_MESSAGES.tooLarge }],
  ])("example at the cap: %s %j", (name, input, expected) => {
    expect(fieldNamed(name).parse(input)).toEqual(expected);
  });

  for (const field of FIELDS) {
    describe(field.name, () => {
      if (field.takes.text) {
        it("random texts", () => {
          fc.assert(
            fc.property(textInput(field), (input) => check(field, input)),
            { numRuns: RUNS },
          );
        });
      }
      it("JSON numbers", () => {
        fc.assert(
          fc.property(numberInput, (input) => {
            if (field.takes.number) check(field, input);
            else expect(field.parse(input)).toMatchObject({ ok: false, message: expect.stringMatching(/\S/) });
          }),
          { numRuns: RUNS },
        );
      });
    });
  }
});
