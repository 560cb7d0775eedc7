/** Amounts in the API's answers: exact decimal strings, never JSON numbers (no float rounding). */
import { z } from "zod";

/** LOOP as the ledger holds it: exactly 8 decimals. */
export const loopDecimalString = z
  .string()
  .regex(/^\d+\.\d{8}$/)
  .describe("LOOP, a decimal string with exactly 8 decimals");

/** USD to the cent: exactly 2 decimals. */
export const usdDecimalString = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .describe("USD, a decimal string with exactly 2 decimals");
