// Every kind of chain event the app settles, one handler each. Still to join with their features:
// Released and Refunded (escrow), the offer events.
import type { SettlementHandler } from "../settlement-handler";
import { depositedHandler } from "./deposited";
import { paidOutHandler } from "./paid-out";
import { purchasedHandler } from "./purchased";

export const SETTLEMENT_HANDLERS: readonly SettlementHandler[] = [depositedHandler, paidOutHandler, purchasedHandler];
