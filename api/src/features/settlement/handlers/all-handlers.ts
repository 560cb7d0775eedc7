// Every kind of chain event the app settles. The marketplace's events (Purchased, Released,
// Refunded, the offer events) join here with the purchases and offers features: one handler each.
import type { SettlementHandler } from "../settlement-handler";
import { depositedHandler } from "./deposited";
import { paidOutHandler } from "./paid-out";

export const SETTLEMENT_HANDLERS: readonly SettlementHandler[] = [depositedHandler, paidOutHandler];
