// Every kind of chain event the app settles, one handler each. Still to join with their feature:
// the offer events.
import type { SettlementHandler } from "../settlement-handler";
import { depositedHandler } from "./deposited";
import { paidOutHandler } from "./paid-out";
import { purchasedHandler } from "./purchased";
import { refundedHandler } from "./refunded";
import { releasedHandler } from "./released";

export const SETTLEMENT_HANDLERS: readonly SettlementHandler[] = [depositedHandler, paidOutHandler, purchasedHandler, releasedHandler, refundedHandler];
