// Every kind of chain event the app settles, one handler each.
import type { SettlementHandler } from "../settlement-handler";
import { depositedHandler } from "./deposited";
import { offerChangedHandler } from "./offer-changed";
import { offerOpenedHandler } from "./offer-opened";
import { offerReclaimedHandler } from "./offer-reclaimed";
import { offerSettledHandler } from "./offer-settled";
import { paidOutHandler } from "./paid-out";
import { purchasedHandler } from "./purchased";
import { refundedHandler } from "./refunded";
import { releasedHandler } from "./released";

export const SETTLEMENT_HANDLERS: readonly SettlementHandler[] = [
  depositedHandler,
  paidOutHandler,
  purchasedHandler,
  releasedHandler,
  refundedHandler,
  offerOpenedHandler,
  offerChangedHandler,
  offerSettledHandler,
  offerReclaimedHandler,
];
